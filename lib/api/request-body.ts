// Reading a request's body safely: its media type (JSON only, so a cross-site HTML form cannot
// post to the API; multipart/form-data on upload routes only), its size (refused past the limit
// before the rest is read), its encoding (strict UTF-8, never replaced by U+FFFD) and its JSON.
// Used by the route wrapper (lib/api/handler.ts) and, for the size, by the pre-routing guard
// (lib/server/pre-route.ts).
import { ApiError, type Problem } from "../core/errors";
import { MAX_UPLOAD_PART_BYTES, UPLOAD_BODY_MAX_BYTES } from "../files/limits";
import { LINGER_LIMITS, type LingerLimits } from "../http/linger";

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The largest request body accepted, in bytes: `MAX_BODY_BYTES`, 1 MiB by default. */
export function maxBodyBytes(): number {
  const value = Number(process.env.MAX_BODY_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_BODY_BYTES;
}

export function payloadTooLarge(limit = maxBodyBytes()): ApiError {
  return new ApiError("PayloadTooLarge", `The request body should be at most ${limit} bytes.`);
}

/** The declared Content-Length, or null when there is none (chunked) or it is not a number. */
export function declaredLength(header: string | null | undefined): number | null {
  if (header == null || !/^\s*\d+\s*$/.test(header)) return null;
  return Number(header);
}

/** True when the declared length is already over the limit: refused without reading a byte. */
export function isDeclaredTooLarge(header: string | null | undefined, limit = maxBodyBytes()): boolean {
  const length = declaredLength(header);
  return length !== null && length > limit;
}

// `application/json` and `application/<anything>+json`, with an optional UTF-8 charset. JSON has
// no other encoding (RFC 8259), so another charset is refused rather than misread.
const JSON_ESSENCE = /^application\/(?:[a-z0-9!#$&^_.-]+\+)?json$/;

export function isJsonMediaType(header: string): boolean {
  const [essence = "", ...parameters] = header.split(";").map((part) => part.trim().toLowerCase());
  if (!JSON_ESSENCE.test(essence)) return false;
  return parameters.every((parameter) => {
    const [name, value = ""] = parameter.split("=").map((part) => part.trim());
    return name !== "charset" || ["utf-8", "utf8", '"utf-8"', '"utf8"'].includes(value);
  });
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function unsupportedMediaType(upload = false): ApiError {
  return new ApiError(
    "UnsupportedMediaType",
    upload
      ? "Send the file as multipart/form-data, in a part named file."
      : "Send the request body as JSON, with Content-Type: application/json.",
  );
}

/**
 * A route that takes a file instead of JSON: its body is multipart/form-data of at most maxBytes
 * (the file plus its part headers), and the route's `body` schema is checked against the form's
 * fields (a file part is a `File`).
 */
export type UploadOption = {
  maxBytes: number;
  /** The route also takes JSON (the files API: an upload in parts is announced as JSON). */
  json?: boolean;
};

/**
 * A route that streams its body itself (an upload's part, lib/files/part-upload.ts): any media
 * type, at most maxBytes; the wrapper does not read it.
 */
export type StreamOption = { maxBytes: number };

/** `multipart/form-data` with its boundary. */
export function isMultipartFormData(header: string): boolean {
  const [essence = "", ...parameters] = header.split(";").map((part) => part.trim());
  return (
    essence.toLowerCase() === "multipart/form-data" &&
    parameters.some((parameter) => /^boundary\s*=\s*\S/i.test(parameter))
  );
}

/**
 * The checks made before anything else, from the headers alone: a declared length over the limit
 * is 413, and a write that declares any media type but JSON is 415 (HTML forms can only send
 * text/plain, urlencoded or multipart: this is what keeps them off sign-in, sign-out and every
 * other route, including those whose body is ignored). An upload route takes multipart only; a
 * cross-site form reaching it still lacks the token or the session's CSRF header.
 */
export function assertAcceptableHeaders(
  request: Request,
  upload?: UploadOption,
  stream?: StreamOption,
): void {
  const limit = stream?.maxBytes ?? upload?.maxBytes ?? maxBodyBytes();
  if (isDeclaredTooLarge(request.headers.get("content-length"), limit)) throw payloadTooLarge(limit);
  if (READ_METHODS.has(request.method.toUpperCase()) || stream) return;
  const type = request.headers.get("content-type");
  if (upload) {
    const json = upload.json && type !== null && isJsonMediaType(type);
    if (!json && (type === null || !isMultipartFormData(type))) throw unsupportedMediaType(true);
  } else if (type !== null && !isJsonMediaType(type)) throw unsupportedMediaType();
}

/** Whether an upload route's request is its JSON form (UploadOption `json`). */
export function isJsonUpload(request: Request, upload: UploadOption): boolean {
  const type = request.headers.get("content-type");
  return !!upload.json && type !== null && isJsonMediaType(type);
}

// Upload routes, for the pre-routing guard, which runs before the route (and its spec) is known.
const UPLOAD_ROUTES = [
  { method: "POST", path: /^\/v1\/files\/?$/, maxBytes: UPLOAD_BODY_MAX_BYTES },
  { method: "PUT", path: /^\/v1\/files\/[^/]+\/parts\/[^/]+\/?$/, maxBytes: MAX_UPLOAD_PART_BYTES },
];

/** The largest body the pre-routing guard lets through: an upload route's limit, else the default. */
export function bodyLimitBeforeRouting(method: string | undefined, url: string | undefined): number {
  const pathname = (url ?? "/").split("?", 1)[0] ?? "";
  const upload = UPLOAD_ROUTES.find(
    (route) => route.method === method?.toUpperCase() && route.path.test(pathname),
  );
  return upload?.maxBytes ?? maxBodyBytes();
}

/**
 * Reads and throws away what is left of a body over the limit, within bounds, before the 413 is
 * sent: a client still writing its body would otherwise meet a reset connection and never read
 * the answer (lib/http/linger.ts). Past the bounds the stream is cancelled, which cuts the
 * connection.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: LingerLimits = LINGER_LIMITS,
): Promise<void> {
  const deadline = Date.now() + limits.maxMs;
  let discarded = 0;
  let timer: NodeJS.Timeout | undefined;
  try {
    while (discarded <= limits.maxBytes && Date.now() < deadline) {
      const idle = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), limits.idleMs)));
      const next = await Promise.race([reader.read(), idle]);
      clearTimeout(timer);
      if (!next || next.done) break;
      discarded += next.value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}

/**
 * The body's bytes, counted while they arrive: past the limit nothing more is kept (the rest is
 * discarded within bounds: discardRest) and the request is 413.
 */
export async function readBodyBytes(request: Request, limit = maxBodyBytes()): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await discardRest(reader);
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function jsonInvalid(msg: string): Problem {
  return { type: "json_invalid", loc: ["body"], msg, input: {} };
}

export type RequestBody = {
  /** The exact text (what idempotency hashes); "" when there was no body. */
  text: string;
  /** The parsed JSON; undefined when the body was empty or could not be parsed. */
  value: unknown;
  problems: Problem[];
};

/**
 * Reads and parses a JSON body. Invalid UTF-8 and malformed JSON are 422 `json_invalid`; a
 * non-empty body without a Content-Type is 415 (its sender did not say it is JSON).
 */
export async function readJsonBody(request: Request, options: { parse: boolean }): Promise<RequestBody> {
  const bytes = await readBodyBytes(request);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { text: "", value: undefined, problems: [jsonInvalid("The request body is not valid UTF-8")] };
  }
  if (!text.trim()) return { text, value: undefined, problems: [] };
  if (request.headers.get("content-type") === null) throw unsupportedMediaType();
  if (!options.parse) return { text, value: undefined, problems: [] };
  try {
    return { text, value: JSON.parse(text), problems: [] };
  } catch (error) {
    return {
      text,
      value: undefined,
      problems: [jsonInvalid(`JSON decode error: ${(error as Error).message}`)],
    };
  }
}

export type FormBody = {
  /** The form's fields as an object (a repeated field becomes an array); undefined if unparsable. */
  value: Record<string, unknown> | undefined;
  problems: Problem[];
};
