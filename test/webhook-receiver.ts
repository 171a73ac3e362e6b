// A real local HTTP receiver for webhook tests (127.0.0.1, a port of its own): records every
// request (headers, exact body, time) and answers what the test scripts, in order, then 200.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { path: string; headers: Record<string, string>; body: string; at: number };

/** What to answer one request: a status with optional headers and body, or hang for `delayMs` first. */
export type Reply = {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  delayMs?: number;
};

export type Receiver = {
  url: (path?: string) => string;
  port: number;
  received: Received[];
  /** Replies for the next requests, in order; once used up, 200 "ok". */
  script: Reply[];
  /** Stop listening (the port stays known: a restart listens on it again). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: Reply[] = [];
  let port = 0;
  let server: http.Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const next = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          received.push({
            path: request.url ?? "/",
            headers: Object.fromEntries(
              Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: Buffer.concat(chunks).toString("utf8"),
            at: Date.now(),
          });
          const reply = script.shift() ?? { status: 200, body: "ok" };
          const answer = () => {
            if (response.destroyed) return;
            response.writeHead(reply.status, reply.headers ?? { "content-type": "text/plain" });
            response.end(reply.body ?? "");
          };
          if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
          else answer();
        });
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await open();
  const receiver: Receiver = {
    url: (path = "/webhooks") => `http://127.0.0.1:${port}${path}`,
    get port() {
      return port;
    },
    received,
    script,
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = null;
        if (!current) return resolve();
        current.close(() => resolve());
        current.closeAllConnections();
      }),
    start: open,
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`Received ${received.length} of ${count} requests within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  return receiver;
}
