// The shared browser client against a stubbed fetch: JSON in and out, the CSRF header on writes
// only, the contract's error shapes (422 problems, domain errors, token errors, non-JSON pages) and
// a failed connection, each as ApiRequestError.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch, ApiRequestError, isPermanent, NETWORK_ERROR, searchString } from "./api-client";

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answer(status: number, body: unknown, contentType = "application/json") {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(status === 204 ? null : text, { status, headers: { "content-type": contentType } });
    }),
  );
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal("document", { cookie: "other=1; dsb_csrf=tok%2Ben" });
});
afterEach(() => vi.unstubAllGlobals());

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe("apiFetch", () => {
  it("GETs with the query string, no CSRF header, and returns the JSON", async () => {
    answer(200, { items: [], pagination: { total_count: 0, max_page: 0 } });
    const page = await apiFetch("/v1/discounts/", {
      query: { sorting: ["-name", "code"], page: 2, query: "" },
    });
    expect(page).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    expect(calls[0]!.url).toBe("/v1/discounts/?sorting=-name&sorting=code&page=2");
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.headers).toEqual({ accept: "application/json" });
  });

  it("sends a write's JSON body with the CSRF cookie's value and extra headers", async () => {
    answer(201, { id: "d1" });
    await apiFetch("/v1/discounts/", {
      method: "POST",
      body: { name: "A" },
      headers: { "idempotency-key": "k" },
    });
    expect(calls[0]!.init.body).toBe('{"name":"A"}');
    expect(calls[0]!.init.headers).toEqual({
      accept: "application/json",
      "content-type": "application/json",
      "x-csrf-token": "tok+en",
      "idempotency-key": "k",
    });
  });

  it("resolves a 204 to undefined", async () => {
    answer(204, "");
    await expect(apiFetch("/v1/discounts/x", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("turns a 422 into its problems, the first message as the error's", async () => {
    const detail = [
      { type: "missing", loc: ["body", "name"], msg: "Field required", input: null },
      {
        type: "value_error",
        loc: ["body", "code"],
        msg: "Code must contain only letters and digits.",
        input: "a-b",
      },
    ];
    answer(422, { error: "RequestValidationError", detail });
    const error = await failure(apiFetch("/v1/discounts/", { method: "POST", body: {} }));
    expect(error).toMatchObject({ status: 422, code: "RequestValidationError", message: "Field required" });
    expect(error.problems).toEqual(detail);
    expect(isPermanent(error)).toBe(true);
  });

  it("keeps a domain error's code and detail", async () => {
    answer(409, { error: "ResourceAlreadyExists", detail: "A discount with this code already exists." });
    const error = await failure(apiFetch("/v1/discounts/", { method: "POST", body: {} }));
    expect(error).toMatchObject({
      status: 409,
      code: "ResourceAlreadyExists",
      message: "A discount with this code already exists.",
      problems: [],
    });
  });

  it("reads a token error's error_description", async () => {
    answer(403, { error: "insufficient_scope", error_description: "The token lacks discounts:write." });
    const error = await failure(apiFetch("/v1/discounts/"));
    expect(error).toMatchObject({
      status: 403,
      code: "insufficient_scope",
      message: "The token lacks discounts:write.",
    });
  });

  it("reports a non-JSON error page by its status", async () => {
    answer(502, "<html>Bad gateway</html>", "text/html");
    const error = await failure(apiFetch("/v1/orders/"));
    expect(error).toMatchObject({ status: 502, code: "UnexpectedError" });
    expect(error.message).toContain("502");
    expect(isPermanent(error)).toBe(false);
  });

  it("reports a failed connection as NetworkError (status 0) and lets an abort through", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await failure(apiFetch("/v1/orders/"));
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new DOMException("aborted", "AbortError"))),
    );
    await expect(apiFetch("/v1/orders/")).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("searchString", () => {
  it("leaves out empty values and repeats lists", () => {
    expect(searchString({ a: "x y", b: null, c: undefined, d: "", e: [1, 2], f: false })).toBe(
      "?a=x+y&e=1&e=2&f=false",
    );
    expect(searchString({})).toBe("");
  });
});
