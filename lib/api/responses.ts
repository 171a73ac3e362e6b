// The answers of the route wrapper (./handler.ts): JSON and file responses, a result shaped by the
// route's output schema, the answer stored for an Idempotency-Key, and every error mapped to the
// contract's JSON (docs/api.md §2), database refusals included.
import { z } from "zod";
import { encodeOutput } from "../core/encode-output";
import { ApiError } from "../core/errors";
import type { StoredAnswer } from "./idempotency";
import { currentApiShape, requestApiVersion } from "./api-version";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** A file to save (CSV exports): streamed as it is produced, never cached. */
export function download(body: ReadableStream<Uint8Array>, filename: string, contentType: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

export function errorResponse(error: ApiError): Response {
  return json(error.body(), error.status, error.headers);
}

/**
 * PostgreSQL's SQLSTATE behind an error: a Prisma error keeps it in its driver adapter's cause; a
 * statement sent straight to the driver (lib/db/direct.ts) fails with pg's or PGlite's own error,
 * whose `code` is the SQLSTATE.
 */
function sqlState(error: unknown): string | null {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } })?.meta
    ?.driverAdapterError?.cause;
  if (typeof cause?.originalCode === "string") return cause.originalCode;
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/**
 * The database refused a value (class 22 "data exception": NUL bytes, out-of-range numbers or
 * dates, malformed JSON text; 54000: an index row too large). Every input is bounded by its schema
 * so that this never happens; if one bound is missing, the client still gets a 400, not a 500,
 * and the log says which bound to add.
 */
function isRefusedValue(state: string | null): boolean {
  return state !== null && (state.startsWith("22") || state === "54000");
}

/** Database failures that are the client's doing or a race, not a bug. */
function fromDatabaseError(error: unknown): ApiError | null {
  const state = sqlState(error);
  if (isRefusedValue(state)) {
    console.warn(
      `Database refused a value from a request (SQLSTATE ${state}); an input bound is missing:`,
      error,
    );
    return new ApiError("BadRequest", "A value in the request cannot be stored.");
  }
  const code = (error as { code?: unknown })?.code;
  if (code === "P2025") return ApiError.notFound();
  if (code === "P2002" || state === "23505")
    return new ApiError("ResourceAlreadyExists", "A resource with these values already exists.");
  if (code === "P2034" || state === "40001" || state === "40P01")
    return new ApiError("ConflictError", "A concurrent request changed this resource; try again.");
  // A row the request names was deleted meanwhile (a customer or an image a concurrent DELETE
  // removed), or a row being deleted is still referenced: the services check both first, so only a
  // race gets here.
  if (code === "P2003" || state === "23503")
    return new ApiError("ConflictError", "A resource this request refers to was removed or is still in use.");
  return null;
}

export function toErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) return errorResponse(error);
  const mapped = fromDatabaseError(error);
  if (mapped) return errorResponse(mapped);
  // A full log line for us; a generic body for the client (no stack, no database message).
  console.error("Unhandled error in API route:", error);
  return errorResponse(new ApiError("InternalServerError", "Internal Server Error"));
}

export function toResponse(
  spec: { output?: z.ZodType; status?: 200 | 201 | 202 | 204 },
  result: unknown,
  apiVersion: string | null = null,
): Response {
  if (result instanceof Response) return result;
  const status = spec.status ?? 200;
  if (status === 204) return new Response(null, { status });
  const body = spec.output ? encodeOutput(spec.output, result) : result;
  return json(apiVersion ? currentApiShape(body) : body, status);
}

/**
 * The answer a transaction's result would make, to be stored with its effect: only a result the
 * route's output schema encodes (or any result of a 204 route), so an intermediate value of a
 * service running several transactions is not taken for the answer.
 */
export function answerOf(
  spec: { output?: z.ZodType; status?: 200 | 201 | 202 | 204 },
  result: unknown,
  apiVersion: string | null = null,
): StoredAnswer | null {
  if (result instanceof Response) return null;
  const status = spec.status ?? 200;
  if (status === 204) return { status, headers: [], body: "" };
  if (!spec.output) return null;
  const encoded = z.safeEncode(spec.output, result);
  if (!encoded.success) return null;
  const body = apiVersion ? currentApiShape(encoded.data) : encoded.data;
  return { status, headers: Object.entries(JSON_HEADERS), body: JSON.stringify(body) };
}

/**
 * Whether a route that answers a file (a receipt's PDF) should answer its JSON form instead: the
 * current reference SDK names its API version (`Polar-Version`, e.g. `2026-10`) and reads the
 * receipt as `{url}`; a client asking for JSON alone gets it too. A browser following a link, or a
 * client of the specification's era, gets the file (docs/polar-sdk.md).
 */
export function wantsJsonInsteadOfFile(request: Request, fileType: string): boolean {
  if (requestApiVersion(request)) return true;
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  return accept.includes("application/json") && !accept.includes(fileType) && !accept.includes("*/*");
}
