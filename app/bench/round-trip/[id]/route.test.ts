import { afterEach, describe, expect, it } from "vitest";
import { GET } from "./route";

const call = () =>
  GET(new Request("http://localhost/bench/round-trip/x"), { params: Promise.resolve({ id: "x" }) });

describe("GET /bench/round-trip/{id}", () => {
  afterEach(() => {
    delete process.env.BENCH_ROUTES;
  });

  it("is not found unless the benchmark started the server (no credential reaches the database)", async () => {
    const response = await call();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it("answers after one statement when the benchmark started the server", async () => {
    process.env.BENCH_ROUTES = "1";
    const response = await call();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "x", one: 1, filler: "x".repeat(1900) });
  });
});
