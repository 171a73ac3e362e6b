// Requests as the app's HTTP server hands them to Next.js: stamped with the socket's address.
import type { IncomingMessage } from "node:http";
import { stampPeerAddress } from "../lib/http/peer";

/** The request headers after the app's server stamped a connection from `address`. */
export function fromPeer(address: string, headers: Record<string, string> = {}): Record<string, string> {
  const lowercased = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const req = {
    headers: lowercased,
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
  stampPeerAddress(req);
  return req.headers as Record<string, string>;
}
