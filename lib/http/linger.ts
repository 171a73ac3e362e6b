// Lingering close: answering a request before its body has arrived (a 413 decided from the
// declared Content-Length) and then closing the connection at once makes the kernel reset it,
// because unread bytes are still coming in. A client still writing its body then fails with EPIPE
// or ECONNRESET and never reads the answer that was already on its way (Node's fetch, undici, does
// exactly that; curl happens to read first). So the answer is written, the rest of the body is
// read and thrown away, and the connection ends only when the client has finished sending, or
// stops sending for a moment, or after a bounded number of bytes or seconds: past those bounds it
// is cut as before, so a client cannot hold the connection or the bandwidth for long.
import type { IncomingMessage, ServerResponse } from "node:http";

export type LingerLimits = {
  /** The most body bytes read and discarded after the answer. */
  maxBytes: number;
  /** The longest the connection lingers, in all. */
  maxMs: number;
  /** The longest it waits for the next byte (a client that declared a body but sends none). */
  idleMs: number;
};

export const LINGER_LIMITS: LingerLimits = { maxBytes: 16 * 1024 * 1024, maxMs: 5_000, idleMs: 500 };

/**
 * Writes `body` as the whole answer (its head must say `connection: close` and its length), then
 * discards the request's body within the limits before ending the response. Returns at once.
 */
export function answerThenLinger(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  limits: LingerLimits = LINGER_LIMITS,
): void {
  if (req.complete || req.destroyed) {
    res.end(body);
    return;
  }
  res.write(body);
  let discarded = 0;
  let idle: NodeJS.Timeout | undefined;
  const finish = (cut: boolean) => {
    clearTimeout(overall);
    clearTimeout(idle);
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("close", onEnd);
    if (cut) {
      // Past the bounds: the connection is closed as before (the client may see a reset).
      res.once("finish", () => req.socket.destroy());
      req.pause();
    }
    res.end();
  };
  const overall = setTimeout(() => finish(true), limits.maxMs);
  const restartIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => finish(true), limits.idleMs);
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > limits.maxBytes) finish(true);
    else restartIdle();
  };
  const onEnd = () => finish(false);
  req.on("data", onData);
  req.once("end", onEnd);
  req.once("close", onEnd);
  restartIdle();
  req.resume();
}
