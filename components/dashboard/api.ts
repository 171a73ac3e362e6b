// The dashboard's only way to the server: the /v1 route handlers, authenticated by the session
// cookie. Writes echo the CSRF cookie in X-CSRF-Token (contract section 3); errors become
// ApiRequestError with the contract's code, message and 422 problems.
import type { Problem } from "@/lib/core/errors";

export type { Problem };

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** Failures that retrying cannot fix: signed out, not allowed, not there, bad input. */
export function isPermanent(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 401, 403, 404, 405, 413, 415, 422].includes(error.status);
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

export const CSRF_COOKIE = "dsb_csrf";

function csrfToken(): string | null {
  if (typeof document === "undefined") return null;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(CSRF_COOKIE.length + 1)) : null;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** `{ sorting: ["-amount", "created_at"], page: 2 }` → `sorting=-amount&sorting=created_at&page=2`. */
export function searchString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function errorFrom(status: number, body: unknown): ApiRequestError {
  const { error, detail, error_description } = (body ?? {}) as Record<string, unknown>;
  const code = typeof error === "string" ? error : "UnexpectedError";
  if (Array.isArray(detail)) {
    const first = detail[0] as Problem | undefined;
    return new ApiRequestError(status, code, first?.msg ?? "Please check the form.", detail as Problem[]);
  }
  const message =
    typeof detail === "string"
      ? detail
      : typeof error_description === "string"
        ? error_description
        : status === 429
          ? "Too many requests. Please wait a moment."
          : `The server answered ${status}. Please try again.`;
  return new ApiRequestError(status, code, message);
}

export type ApiOptions = {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
};

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
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      cache: "no-store",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(0, "NetworkError", "Could not reach the server. Check your connection.");
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
