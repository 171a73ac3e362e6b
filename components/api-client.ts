// The browser's one way to the /v1 routes, shared by the dashboard and the hosted checkout: JSON in
// and out, the contract's errors (section 2) as ApiRequestError with the 422 problems, and the
// dashboard session's CSRF token echoed on writes (docs/api.md §3). Kept tiny and free of
// runtime imports (zod, react-query): the checkout's first-load JavaScript is budgeted.
import type { Problem } from "@/lib/core/errors";

export type { Problem };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    /** The contract's `error` code, or NETWORK_ERROR (status 0) when the server was not reached. */
    readonly code: string,
    message: string,
    /** A 422's `detail` list; empty otherwise. */
    readonly problems: Problem[] = [],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export const NETWORK_ERROR = "NetworkError";

/** Failures that retrying cannot fix: signed out, not allowed, not there, bad input. */
export function isPermanent(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 401, 403, 404, 405, 413, 415, 422].includes(error.status);
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

export const CSRF_COOKIE = "dsb_csrf";

/** The dashboard session's CSRF cookie (readable by design), or null outside a signed-in browser. */
export function csrfToken(): string | null {
  if (typeof document === "undefined") return null;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(CSRF_COOKIE.length + 1)) : null;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** `{ sorting: ["-amount", "created_at"], page: 2 }` → `?sorting=-amount&sorting=created_at&page=2`. */
export function searchString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The contract's error body (or a proxy's non-JSON page, `body` null) as an ApiRequestError. */
export function errorFrom(status: number, body: unknown): ApiRequestError {
  const { error, detail, error_description } = (body ?? {}) as Record<string, unknown>;
  const code = typeof error === "string" ? error : "UnexpectedError";
  if (Array.isArray(detail)) {
    const problems = detail as Problem[];
    return new ApiRequestError(status, code, problems[0]?.msg ?? "Please check the form.", problems);
  }
  const message =
    typeof detail === "string"
      ? detail
      : typeof error_description === "string"
        ? error_description
        : status === 429
          ? "Too many requests. Please wait a moment."
          : `Something went wrong (HTTP ${status}). Please try again.`;
  return new ApiRequestError(status, code, message);
}

export type ApiOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** Sent as JSON when defined. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Calls a /v1 route; resolves to the parsed JSON (undefined for 204), rejects with ApiRequestError. */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") {
    const csrf = csrfToken();
    if (csrf) headers["x-csrf-token"] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(path + searchString(options.query ?? {}), {
      method,
      headers: { ...headers, ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      cache: "no-store",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(
      0,
      NETWORK_ERROR,
      "We couldn't reach the server. Check your connection and try again.",
    );
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): reported by status below.
  }
  if (!response.ok) throw errorFrom(response.status, body);
  return body as T;
}

/** The list envelope of every /v1 list route. */
export type Page<T> = { items: T[]; pagination: { total_count: number; max_page: number } };
