// Requests the app answers itself before Next.js routes them, so that even those get the
// contract's JSON errors instead of Next.js's plain-text 500s or empty 400s:
// - methods no route implements (TRACE, PROPFIND, ...): 405 (Next.js answers TRACE with a 500);
// - paths with malformed percent-escapes (`/v1/orders/%FF`: a plain-text 500 from Next.js's
//   parameter decoding) or a NUL once decoded (`/checkout/%00`: PostgreSQL refuses 0x00): 400;
// - a declared Content-Length over the body limit (an upload route's own): 413 before a byte of
//   the body is read (the rest is then read and discarded, within bounds: ./linger.ts);
// - the benchmark's pages and routes (app/bench/) in production, unless the benchmark scripts
//   started the server (BENCH_ROUTES=1): 404, as for any unknown path (docs/operations.md).
// The app's HTTP server calls rejectBeforeRouting for every request, and answerConnect and
// answerClientError for what never becomes a request (CONNECT, unparsable requests).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { ApiError } from "../core/errors";
import { bodyLimitBeforeRouting, isDeclaredTooLarge, payloadTooLarge } from "../api/request-body";
import { answerThenLinger } from "../http/linger";

/** The methods Next.js routes: route files export GET..DELETE; HEAD and OPTIONS are automatic. */
export const ROUTABLE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ROUTABLE = new Set<string>(ROUTABLE_METHODS);
const ALLOW = ROUTABLE_METHODS.join(", ");

function methodNotAllowed(): ApiError {
  return new ApiError("MethodNotAllowed", "Method Not Allowed", { headers: { Allow: ALLOW } });
}

/** The URL's path decoded, or null when its escapes are malformed or not UTF-8. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split("?", 1)[0] ?? "");
  } catch {
    return null;
  }
}

/** Why the path cannot be routed, or null: malformed escapes, invalid UTF-8, or a NUL. */
function pathProblem(path: string | null): string | null {
  if (path === null) return "The URL path is not valid percent-encoded UTF-8.";
  return path.includes("\u0000") ? "The URL path should not contain NUL characters." : null;
}

/** app/bench/ is served in development, and in production only to the benchmark scripts. */
export function benchRoutesServed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== "production" || env.BENCH_ROUTES === "1";
}

// Next.js folds repeated slashes and a trailing one before it routes: so does this test.
const BENCH_PATH = /^\/+bench(\/|$)/;

function rejection(req: IncomingMessage): ApiError | null {
  if (!ROUTABLE.has((req.method ?? "").toUpperCase())) return methodNotAllowed();
  const path = decodedPath(req.url ?? "/");
  const problem = pathProblem(path);
  if (problem) return new ApiError("BadRequest", problem);
  if (BENCH_PATH.test(path!) && !benchRoutesServed()) return ApiError.notFound();
  const limit = bodyLimitBeforeRouting(req.method, req.url);
  if (isDeclaredTooLarge(req.headers["content-length"], limit)) return payloadTooLarge(limit);
  return null;
}

function errorHead(error: ApiError, body: string): Record<string, string | number> {
  return {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    // The request's body (if any) is not read, only discarded: the connection cannot carry
    // another request.
    connection: "close",
    ...error.headers,
  };
}

/** Answers the request and returns true when it must not reach Next.js. */
export function rejectBeforeRouting(req: IncomingMessage, res: ServerResponse): boolean {
  const error = rejection(req);
  if (!error) return false;
  const body = JSON.stringify(error.body());
  res.writeHead(error.status, errorHead(error, body));
  // A body may still be on its way (a 413 is decided from its declared length): it is read and
  // discarded within bounds, so that the client reads this answer instead of a reset (./linger.ts).
  answerThenLinger(req, res, body);
  return true;
}

const REASONS: Record<number, string> = { 400: "Bad Request", 405: "Method Not Allowed" };

function writeRaw(socket: Duplex, error: ApiError): void {
  if (!socket.writable) return;
  const body = JSON.stringify(error.body());
  const head = Object.entries(errorHead(error, body))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${error.status} ${REASONS[error.status] ?? "Error"}\r\n${head}\r\n${body}`);
}

/** For the server's "connect" event: CONNECT (proxy tunnels) is not something this app does. */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  writeRaw(socket, methodNotAllowed());
}

/**
 * For the server's "clientError" event: a request Node.js could not parse (an unknown method,
 * oversized headers, a malformed request line) gets a JSON 405 or 400 instead of an empty one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET") return;
  writeRaw(
    socket,
    error.code === "HPE_INVALID_METHOD"
      ? methodNotAllowed()
      : new ApiError("BadRequest", "The request could not be parsed."),
  );
}
