// Reading a request's input for the route wrapper (./handler.ts): path, query and body checked
// against the route's schemas with every problem in one 422, the Idempotency-Key, the body read
// once and bounded (JSON, or an upload's fields and files), and the resource read that may run
// with the admission (`readRoute`).
import type { z } from "zod";
import type { ResourceRead } from "../db/direct";
import { ApiError, type Problem } from "../core/errors";
import type { Principal } from "../core/principal";
import { parseWith, searchParamsToObject, unstorableInputProblems } from "../core/validation";
import type { AdmissionRead } from "./auth";
import { readIdempotencyKey } from "./idempotency";
import { isJsonUpload, readJsonBody, type StreamOption, type UploadOption } from "./request-body";
import { formDigest, receiveUpload, type ReceivedUpload } from "./upload-body";

type InputSpec = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  idempotency?: "replay" | "none";
  upload?: UploadOption;
  stream?: StreamOption;
  /** An upload route's JSON form: its own schema, for precise problems (UploadOption `json`). */
  jsonBody?: z.ZodType;
  rawBody?: boolean;
};

export type RequestInput = {
  params: unknown;
  query: unknown;
  body: unknown;
  /** The Idempotency-Key, when the request has one and the route keeps answers. */
  key: string | null;
  /** What the idempotency hash covers (the exact body text, or an upload's digest); `rawBody` routes' body. */
  text: string;
};

/**
 * The request's parsed input, or a 422 with every problem. `keepUpload` receives an upload as soon
 * as it is received, so the caller releases it however the request ends.
 */
export async function readRequestInput(
  request: Request,
  pathParams: unknown,
  spec: InputSpec,
  principal: Principal | null,
  keepUpload: (upload: ReceivedUpload) => void,
): Promise<RequestInput> {
  const problems: Problem[] = [];
  const parse = <S extends z.ZodType>(
    schema: S | undefined,
    value: unknown,
    where: "path" | "query" | "body",
  ) => {
    if (!schema) return undefined;
    const unstorable = unstorableInputProblems(value, where);
    if (unstorable.length) {
      problems.push(...unstorable);
      return undefined;
    }
    const result = parseWith(schema, value, where);
    if (result.ok) return result.data;
    problems.push(...result.problems);
    return undefined;
  };
  const idempotency =
    spec.idempotency === "none" ? { ok: true as const, key: null } : readIdempotencyKey(request);
  if (!idempotency.ok) problems.push(idempotency.problem);
  const key = idempotency.ok ? idempotency.key : null;
  const params = parse(spec.params, pathParams, "path");
  const query = spec.query
    ? parse(spec.query, searchParamsToObject(new URL(request.url).searchParams), "query")
    : undefined;
  // Read once, bounded: the idempotency hash needs the exact text, the schema the JSON.
  // A form's is a digest of its fields and files (a client draws a new boundary on each try).
  let raw;
  if (spec.stream) raw = null;
  else if (spec.upload && !isJsonUpload(request, spec.upload)) {
    raw = await receiveUpload(request, principal, spec.upload);
    keepUpload(raw);
  } else raw = spec.body || key || spec.rawBody ? await readJsonBody(request, { parse: !!spec.body }) : null;
  const text = !raw ? "" : "text" in raw ? raw.text : key ? formDigest(raw.value) : "";
  let body: unknown;
  if (spec.body && raw) {
    if (raw.problems.length) problems.push(...raw.problems);
    else if (raw.value === undefined)
      problems.push({ type: "missing", loc: ["body"], msg: "Field required", input: null });
    else {
      const json = spec.jsonBody && spec.upload && isJsonUpload(request, spec.upload);
      body = parse(json ? spec.jsonBody : spec.body, raw.value, "body");
    }
  }
  if (problems.length) throw ApiError.validation(problems);
  return { params, query, body, key, text };
}

/**
 * The read a `readRoute` runs with the admission, once its path parses (a path that does not is
 * refused with its 422 after the admission, which then runs alone, so that a 401 still comes first).
 */
export async function prefetchOf<P extends z.ZodType>(
  spec: {
    params?: P;
    prefetch?: { read: ResourceRead<unknown>; values: (params: z.output<P>) => readonly unknown[] };
  },
  context: { params: Promise<unknown> },
): Promise<AdmissionRead | undefined> {
  if (!spec.prefetch || !spec.params) return undefined;
  const value = await context.params;
  if (unstorableInputProblems(value, "path").length) return undefined;
  const parsed = parseWith(spec.params, value, "path");
  return parsed.ok ? { read: spec.prefetch.read, values: spec.prefetch.values(parsed.data) } : undefined;
}
