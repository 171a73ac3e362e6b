// A webhook receiver for browser tests: an HTTP server on 127.0.0.1 (the e2e server allows private
// addresses: WEBHOOKS_ALLOW_PRIVATE in playwright.config.ts) that records each request, and the
// Standard Webhooks check of a request's signature with the `standardwebhooks` package.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A receiver on 127.0.0.1 that records each request and answers 200 with a short body (503 to the
 * next `failNext(n)` requests).
 */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  failNext: (count: number) => void;
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  let failing = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (failing > 0) {
        failing -= 1;
        response.writeHead(503, { "content-type": "text/plain" }).end("down for maintenance");
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("ok from receiver");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    failNext: (count) => {
      failing = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Whether `secret` signed this request (Standard Webhooks: any one of its signatures). */
export function signedWith(secret: string, request: Received): boolean {
  const header = (name: string) => String(request.headers[name] ?? "");
  try {
    new Webhook(secret).verify(request.body, {
      "webhook-id": header("webhook-id"),
      "webhook-timestamp": header("webhook-timestamp"),
      "webhook-signature": header("webhook-signature"),
    });
    return true;
  } catch {
    return false;
  }
}
