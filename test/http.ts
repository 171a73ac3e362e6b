// Calls a route handler export the way Next.js does, and reads the response back.
import type { RouteHandler } from "../lib/api/handler";

export type CallOptions = {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  query?: Record<string, string | number | (string | number)[]>;
  body?: unknown;
  /** Raw body text (for malformed JSON). */
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
};

export type CallResult<T = any> = { status: number; body: T; headers: Headers };

function request(options: CallOptions): Request {
  const url = new URL(options.path ?? "/v1/test", "http://localhost");
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
  }
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (hasBody) headers.set("content-type", "application/json");
  return new Request(url, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
}

/** The handler's Response as it is, for bodies that are not JSON (CSV downloads, streams). */
export async function callRaw(handler: RouteHandler, options: CallOptions = {}): Promise<Response> {
  return handler(request(options), { params: Promise.resolve(options.params ?? {}) });
}

export async function call<T = any>(
  handler: RouteHandler,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const response = await callRaw(handler, options);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}
