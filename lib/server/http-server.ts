// The app's own HTTP server around a request handler (Next.js's, or a test's): every request is
// first stamped with its socket's address and passed through the pre-routing guard, which answers
// what must never reach Next.js. It also stops gracefully: no new connections, in-flight requests
// get a moment to finish, then the rest are cut.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { stampPeerAddress } from "../http/peer";
import { answerClientError, answerConnect, rejectBeforeRouting } from "./pre-route";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export type AppHttpServer = {
  server: http.Server;
  /** The address actually bound (port 0 picks a free one). */
  url: string;
  /** Stops accepting, waits up to graceMs for in-flight requests, then closes every connection. */
  close: (graceMs?: number) => Promise<void>;
};

export async function listenAppServer(options: {
  hostname: string;
  port: number;
  handle: RequestHandler;
}): Promise<AppHttpServer> {
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const server = http.createServer((req, res) => {
    inFlight++;
    res.once("close", () => {
      if (--inFlight === 0) drained?.();
    });
    try {
      stampPeerAddress(req);
      if (rejectBeforeRouting(req, res)) return;
    } catch (error) {
      // A bug in the guard must not take the process down; Next.js never saw this request.
      console.error("Pre-routing failed:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "InternalServerError", detail: "Internal server error." }));
      return;
    }
    Promise.resolve(options.handle(req, res)).catch((error: unknown) => {
      console.error("Request failed:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end();
    });
  });
  // Idle keep-alive connections stay open longer than clients and proxies keep theirs (Node's 5 s
  // default is shorter than most load balancers' 60 s): otherwise a client that reuses a connection
  // just as the server closes it gets ECONNRESET (seen in the browser tests on a loaded machine).
  // Headers must be allowed a little longer than that, as Node requires.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // CONNECT never reaches the request handler, and requests Node cannot parse end in its empty
  // 400: both get the contract's JSON too.
  server.on("connect", answerConnect);
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const host = options.hostname === "0.0.0.0" || options.hostname === "::" ? "localhost" : options.hostname;

  return {
    server,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    close: async (graceMs = 5000) => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      // Connections whose last response just ended are idle now: closed without cutting a byte.
      // Only requests that outlived the grace period (and stragglers after a moment) are cut.
      server.closeIdleConnections();
      if (inFlight > 0) server.closeAllConnections();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      server.closeAllConnections();
      await closed;
    },
  };
}
