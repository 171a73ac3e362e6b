// The wrapper every /v1 route handler goes through: authentication and scope, parsing of path,
// query and body (all problems reported in one 422), output shaping through the resource's zod
// schema (so a new column never leaks), and mapping of every error to the contract's JSON.
import { z } from "zod";
import { getDb, type Db } from "../db/client";
import type { Scope } from "../auth/scopes";
import { authenticate, requireScope, type Principal } from "./auth";
import { ApiError, type Problem } from "./errors";
import { parseWith, searchParamsToObject } from "./validation";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

type Auth = Scope | "public";

export type HandlerContext<A extends Auth, P, Q, B> = {
  request: Request;
  db: Db;
  principal: A extends "public" ? null : Principal;
  params: P;
  query: Q;
  body: B;
};

type Spec<
  A extends Auth,
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  O extends z.ZodType,
> = {
  /** The scope a token needs, or "public" for routes whose credential is in the path. */
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The response's schema: the result is encoded through it (dates become ISO strings). */
  output?: O;
  /** Success status; 204 sends no body. */
  status?: 200 | 201 | 204;
};

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: ApiError): Response {
  return json(error.body(), error.status, error.headers);
}

async function readJsonBody(
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; problem: Problem }> {
  const text = await request.text();
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      problem: {
        type: "json_invalid",
        loc: ["body"],
        msg: `JSON decode error: ${(error as Error).message}`,
        input: {},
      },
    };
  }
}

/** Database failures that are the client's doing or a race, not a bug. */
function fromDatabaseError(error: unknown): ApiError | null {
  const code = (error as { code?: unknown })?.code;
  if (code === "P2025") return ApiError.notFound();
  if (code === "P2002")
    return new ApiError("ResourceAlreadyExists", "A resource with these values already exists.");
  if (code === "P2034")
    return new ApiError("ConflictError", "A concurrent request changed this resource; try again.");
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
  return async (request, context) => {
    try {
      const db = await getDb();
      let principal: Principal | null = null;
      if (spec.auth !== "public") {
        principal = await authenticate(db, request);
        requireScope(principal, spec.auth as Scope);
      }

      const problems: Problem[] = [];
      const parse = <S extends z.ZodType>(
        schema: S | undefined,
        value: unknown,
        where: "path" | "query" | "body",
      ) => {
        if (!schema) return undefined;
        const result = parseWith(schema, value, where);
        if (result.ok) return result.data;
        problems.push(...result.problems);
        return undefined;
      };
      const params = parse(spec.params, await context.params, "path");
      const query = parse(spec.query, searchParamsToObject(new URL(request.url).searchParams), "query");
      let body: unknown;
      if (spec.body) {
        const raw = await readJsonBody(request);
        if (!raw.ok) problems.push(raw.problem);
        else if (raw.value === undefined)
          problems.push({ type: "missing", loc: ["body"], msg: "Field required", input: null });
        else body = parse(spec.body, raw.value, "body");
      }
      if (problems.length) throw ApiError.validation(problems);

      const result = await handle({
        request,
        db,
        principal: principal as HandlerContext<A, unknown, unknown, unknown>["principal"],
        params: params as z.output<P>,
        query: query as z.output<Q>,
        body: body as z.output<B>,
      });
      if (result instanceof Response) return result;
      const status = spec.status ?? 200;
      if (status === 204) return new Response(null, { status });
      return json(spec.output ? z.encode(spec.output, result as z.output<O>) : result, status);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
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
