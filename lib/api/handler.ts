// The wrapper every /v1 route handler goes through: authentication and scope, parsing of path,
// query and body (all problems reported in one 422), output shaping through the resource's zod
// schema (so a new column never leaks), and mapping of every error to the contract's JSON. Composed
// of small parts: ./admission.ts (credential and rate budget), ./request-input.ts (path, query,
// body, Idempotency-Key), ./idempotency.ts (stored answers) and ./responses.ts (answers, errors).
import { z } from "zod";
import { getDb, type Db } from "../db/client";
import { decodeResourceRow, runResourceRead, type ResourceRead } from "../db/direct";
import type { Scope } from "../auth/scopes";
import { admit } from "./admission";
import type { CustomerPrincipal, Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { foundOrThrow } from "../core/tenancy";
import { describeIdempotentRequest, withIdempotency } from "./idempotency";
import { assertAcceptableHeaders, type StreamOption, type UploadOption } from "./request-body";
import type { ReceivedUpload } from "./upload-body";
import { prefetchOf, readRequestInput } from "./request-input";
import { answerOf, errorResponse, toErrorResponse, toResponse } from "./responses";
import { requestApiVersion } from "./api-version";
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
  /** `rawBody` routes: the body exactly as received (bounded like any body), for a signature. */
  rawBody: string;
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
  /** The route reads its own body from `request` (a file's part): any media type, at most maxBytes. */
  stream?: StreamOption;
  /**
   * An upload route's JSON form (`upload.json`): a JSON body is checked against this schema, a form
   * against `body`; the handler tells them apart (its `body` is typed as the form's).
   */
  jsonBody?: z.ZodType;
  /** A resource read to run in the admission's statement (`readRoute`), with its values. */
  prefetch?: { read: ResourceRead<unknown>; values: (params: z.output<P>) => readonly unknown[] };
  /** The body is read as text and handed over unparsed (`rawBody`): a signed payload (Stripe's events). */
  rawBody?: boolean;
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
  stream?: StreamOption;
  jsonBody?: z.ZodType;
};

export { download, errorResponse, json, toErrorResponse } from "./responses";

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
    let upload = null as ReceivedUpload | null;
    try {
      assertAcceptableHeaders(request, spec.upload, spec.stream);
      const db = await getDb();
      const admitted = await admit(db, request, spec.auth, {
        prefetch: await prefetchOf(spec, context),
        deferAddressBudget: !!spec.rateLimitBy,
      });
      const principal = admitted.principal;
      let rate = admitted.rate;
      const deferred = admitted.deferredBudget ? [admitted.deferredBudget] : [];
      if (deferred.length) chargeAddressAlone = () => enforceRateLimits(db, deferred);

      const { params, query, body, key, text } = await readRequestInput(
        request,
        await context.params,
        spec,
        principal,
        (received) => (upload = received),
      );
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
          rawBody: spec.rawBody ? text : "",
        });
        return toResponse(spec, result, requestApiVersion(request));
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
            (result) => answerOf(spec, result, requestApiVersion(request)),
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
