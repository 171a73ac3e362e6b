// The wrapper every /v1 route handler goes through: authentication and scope, parsing of path,
// query and body (all problems reported in one 422), output shaping through the resource's zod
// schema (so a new column never leaks), and mapping of every error to the contract's JSON.
import { z } from "zod";
import { getDb, type Db } from "../db/client";
import { decodeResourceRow, runResourceRead, type ResourceRead } from "../db/direct";
import type { AdmissionRead } from "./auth";
import type { Scope } from "../auth/scopes";
import { admit } from "./admission";
import { encodeOutput } from "../core/encode-output";
import type { CustomerPrincipal, Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { foundOrThrow } from "../core/tenancy";
import {
  describeIdempotentRequest,
  readIdempotencyKey,
  withIdempotency,
  type StoredAnswer,
} from "./idempotency";
import { parseWith, searchParamsToObject, unstorableInputProblems } from "../core/validation";
import { assertAcceptableHeaders, readJsonBody, type UploadOption } from "./request-body";
import { formDigest, receiveUpload, type ReceivedUpload } from "./upload-body";
import { enforceRateLimits, rateLimitHeaders, type RateLimit } from "./rate-limit";

type RateLimitBudget = { key: string; limit: RateLimit };
type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  /** The route's declaration, read by the OpenAPI generator (lib/api/openapi.ts). */
  spec?: RouteSpec;
};

/**
 * A scope (token or session), "session" (signed-in merchants only), "customer" (a buyer's customer
 * session token, the customer portal), or "public".
 */
type Auth = Scope | "session" | "customer" | "public";

export type HandlerContext<A extends Auth, P, Q, B> = {
  request: Request;
  db: Db;
  principal: A extends "public" ? null : A extends "customer" ? CustomerPrincipal : Principal;
  params: P;
  query: Q;
  body: B;
  /**
   * The row of the route's resource read when it ran with the admission (`readRoute`): JSON text,
   * or null when there is none; undefined when it did not run there.
   */
  prefetched?: string | null;
};

type Spec<
  A extends Auth,
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  O extends z.ZodType,
> = {
  /**
   * The scope a token needs, "session" for routes only a signed-in merchant may call, "customer"
   * for the customer portal's routes (a buyer's `cst_` token), or "public" for routes whose
   * credential is in the path or the body.
   */
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The response's schema: the result is encoded through it (dates become ISO strings). */
  output?: O;
  /** Success status; 204 sends no body. */
  status?: 200 | 201 | 202 | 204;
  /** One line for the API reference. */
  summary?: string;
  /** Markdown shown under the summary in the API reference (docs/api-reference.md). */
  description?: string;
  /** The success body's media type when it is a file rather than JSON (documentation only). */
  produces?: string;
  /**
   * Extra rate-limit budgets keyed by the request body (e.g. per license key), by the caller on
   * authenticated routes, or by the request (its client address).
   */
  rateLimitBy?: (
    body: z.output<B>,
    principal: HandlerContext<A, unknown, unknown, unknown>["principal"],
    request: Request,
  ) => RateLimitBudget | RateLimitBudget[] | null;
  /**
   * Idempotency-Key (POST, PATCH): "replay" (default) keeps the answer, encrypted, for 24 hours;
   * "none" ignores the header, for routes whose every try must run (sign-in checks the password).
   */
  idempotency?: "replay" | "none";
  /**
   * Public routes: whose Idempotency-Key it is (lib/api/idempotency.ts `clientSecretScope`,
   * `licenseKeyScope`), so that two callers' keys never meet. Defaults to the route.
   */
  idempotencyScope?: (request: { params: z.output<P>; body: z.output<B> }) => string;
  /**
   * A file upload: the body is multipart/form-data of at most `maxBytes` (other media types are
   * 415) and `body` is checked against its fields, a file part being a `File`.
   */
  upload?: UploadOption;
  /** A resource read to run in the admission's statement (`readRoute`), with its values. */
  prefetch?: { read: ResourceRead<unknown>; values: (params: z.output<P>) => readonly unknown[] };
};

/** A route's declaration without its type parameters, as documentation sees it. */
export type RouteSpec = {
  auth: Auth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  output?: z.ZodType;
  status?: 200 | 201 | 202 | 204;
  summary?: string;
  description?: string;
  /** The success body's media type when it is a file rather than JSON (documentation only). */
  produces?: string;
  idempotency?: "replay" | "none";
  upload?: UploadOption;
};

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

function toResponse(spec: { output?: z.ZodType; status?: 200 | 201 | 202 | 204 }, result: unknown): Response {
  if (result instanceof Response) return result;
  const status = spec.status ?? 200;
  if (status === 204) return new Response(null, { status });
  return json(spec.output ? encodeOutput(spec.output, result) : result, status);
}

/**
 * The answer a transaction's result would make, to be stored with its effect: only a result the
 * route's output schema encodes (or any result of a 204 route), so an intermediate value of a
 * service running several transactions is not taken for the answer.
 */
function answerOf(
  spec: { output?: z.ZodType; status?: 200 | 201 | 202 | 204 },
  result: unknown,
): StoredAnswer | null {
  if (result instanceof Response) return null;
  const status = spec.status ?? 200;
  if (status === 204) return { status, headers: [], body: "" };
  if (!spec.output) return null;
  const encoded = z.safeEncode(spec.output, result);
  if (!encoded.success) return null;
  return { status, headers: Object.entries(JSON_HEADERS), body: JSON.stringify(encoded.data) };
}

export function route<
  A extends Auth,
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  O extends z.ZodType = z.ZodUnknown,
>(
  spec: Spec<A, P, Q, B, O>,
  handle: (ctx: HandlerContext<A, z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.output<O> | Response>,
): RouteHandler {
  const handler: RouteHandler = async (request, context) => {
    // A public route with budgets of its own (rateLimitBy) charges the client address's budget with
    // them, in one statement, once the body is read; this charges it alone if the request fails
    // before (a spent address budget then answers 429, as it would have at admission).
    let chargeAddressAlone: (() => Promise<unknown>) | null = null;
    // An upload's slot and temporary files, released once the request is answered.
    let upload: ReceivedUpload | null = null;
    try {
      assertAcceptableHeaders(request, spec.upload);
      const db = await getDb();
      const admitted = await admit(db, request, spec.auth, {
        prefetch: await prefetchOf(spec, context),
        deferAddressBudget: !!spec.rateLimitBy,
      });
      const principal = admitted.principal;
      let rate = admitted.rate;
      const deferred = admitted.deferredBudget ? [admitted.deferredBudget] : [];
      if (deferred.length) chargeAddressAlone = () => enforceRateLimits(db, deferred);

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
      const params = parse(spec.params, await context.params, "path");
      const query = spec.query
        ? parse(spec.query, searchParamsToObject(new URL(request.url).searchParams), "query")
        : undefined;
      // Read once, bounded: the idempotency hash needs the exact text, the schema the JSON.
      // A form's is a digest of its fields and files (a client draws a new boundary on each try).
      const raw = spec.upload
        ? (upload = await receiveUpload(request, principal, spec.upload))
        : spec.body || key
          ? await readJsonBody(request, { parse: !!spec.body })
          : null;
      const text = !raw ? "" : "text" in raw ? raw.text : key ? formDigest(raw.value) : "";
      let body: unknown;
      if (spec.body && raw) {
        if (raw.problems.length) problems.push(...raw.problems);
        else if (raw.value === undefined)
          problems.push({ type: "missing", loc: ["body"], msg: "Field required", input: null });
        else body = parse(spec.body, raw.value, "body");
      }
      if (problems.length) throw ApiError.validation(problems);
      const extra = spec.rateLimitBy?.(
        body as z.output<B>,
        principal as HandlerContext<A, unknown, unknown, unknown>["principal"],
        request,
      );
      const budgets = [...deferred, ...(extra ? [extra].flat() : [])];
      chargeAddressAlone = null;
      if (budgets.length) rate = (await enforceRateLimits(db, budgets)) ?? rate;

      // Handler errors become responses here, so that an idempotent request stores its 4xx.
      const run = async (db: Db) => {
        const result = await handle({
          request,
          db,
          principal: principal as HandlerContext<A, unknown, unknown, unknown>["principal"],
          params: params as z.output<P>,
          query: query as z.output<Q>,
          body: body as z.output<B>,
          prefetched: admitted.read,
        });
        return toResponse(spec, result);
      };
      const guarded = (db: Db) => run(db).catch(toErrorResponse);
      const response = key
        ? await withIdempotency(
            db,
            describeIdempotentRequest(
              request,
              key,
              {
                principal,
                scope: spec.idempotencyScope?.({ params: params as z.output<P>, body: body as z.output<B> }),
              },
              (await context.params) ?? {},
              text,
            ),
            guarded,
            (result) => answerOf(spec, result),
          )
        : await run(db);
      if (rate)
        for (const [name, value] of Object.entries(rateLimitHeaders(rate))) response.headers.set(name, value);
      return response;
    } catch (error) {
      if (chargeAddressAlone) {
        const charge = chargeAddressAlone;
        chargeAddressAlone = null;
        const refused = await charge().then(
          () => null,
          (chargeError: unknown) => chargeError,
        );
        if (refused) return toErrorResponse(refused);
      }
      return toErrorResponse(error);
    } finally {
      await upload?.release();
    }
  };
  handler.spec = spec;
  return handler;
}

/**
 * The read a `readRoute` runs with the admission, once its path parses (a path that does not is
 * refused with its 422 after the admission, which then runs alone, so that a 401 still comes first).
 */
async function prefetchOf<P extends z.ZodType>(
  spec: {
    params?: P;
    prefetch?: { read: ResourceRead<unknown>; values: (params: z.output<P>) => readonly unknown[] };
  },
  context: RouteContext,
): Promise<AdmissionRead | undefined> {
  if (!spec.prefetch || !spec.params) return undefined;
  const value = await context.params;
  if (unstorableInputProblems(value, "path").length) return undefined;
  const parsed = parseWith(spec.params, value, "path");
  return parsed.ok ? { read: spec.prefetch.read, values: spec.prefetch.values(parsed.data) } : undefined;
}

/**
 * GET one resource by its path: `read` (lib/db/direct.ts) of the caller's organizations with the
 * values taken from the parsed path, or 404. For an access token the read runs in the statement
 * that admits the token (one round trip for the request); for a dashboard session, after it.
 */
export function readRoute<A extends Scope, P extends z.ZodType, O extends z.ZodType>(
  spec: Pick<Spec<A, P, z.ZodUndefined, z.ZodUndefined, O>, "auth" | "params" | "output" | "summary"> & {
    read: ResourceRead<z.output<O>>;
    values: (params: z.output<P>) => readonly unknown[];
  },
): RouteHandler {
  const { read, values, ...declared } = spec;
  return route<A, P, z.ZodUndefined, z.ZodUndefined, O>(
    { ...declared, prefetch: { read, values } },
    async ({ db, principal, params, prefetched }) =>
      foundOrThrow(
        prefetched === undefined
          ? await runResourceRead(db, read, (principal as Principal).organizationIds, values(params))
          : prefetched === null
            ? null
            : decodeResourceRow(read, prefetched),
      ),
  );
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * A route file's exports: the methods it implements, and a JSON 405 with `Allow` for the others
 * (Next.js would answer them with an empty body).
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = METHODS.filter((m) => handlers[m]).join(", ");
  const notAllowed: RouteHandler = async () =>
    errorResponse(new ApiError("MethodNotAllowed", "Method Not Allowed", { headers: { Allow: allow } }));
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<
    Method,
    RouteHandler
  >;
}
