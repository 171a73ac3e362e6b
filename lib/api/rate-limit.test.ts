import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { clientIp, hitRateLimit, rateLimitHeaders } from "./rate-limit";

describe("hitRateLimit", () => {
  it("counts per key and window, and refuses past the limit until the window resets", async () => {
    const db = await getDb();
    const budget = { limit: 3, windowMs: 60_000 };
    const t0 = new Date("2026-06-01T12:00:10.000Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, "token:a", budget, t0));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[3]!.resetSeconds).toBe(50);
    expect(rateLimitHeaders(results[3]!)).toEqual({
      "RateLimit-Limit": "3",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "50",
      "Retry-After": "50",
    });
    // Another key has its own budget; the next window starts afresh.
    expect((await hitRateLimit(db, "token:b", budget, t0)).allowed).toBe(true);
    expect((await hitRateLimit(db, "token:a", budget, new Date("2026-06-01T12:01:00.000Z"))).remaining).toBe(
      2,
    );
  });

  it("holds under parallel requests: exactly `limit` are allowed", async () => {
    const db = await getDb();
    const now = new Date("2026-06-01T13:00:00.000Z");
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit(db, "ip:1.2.3.4", { limit: 10, windowMs: 60_000 }, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});

describe("clientIp", () => {
  it("takes the first X-Forwarded-For hop, then X-Real-IP", () => {
    const request = (headers: Record<string, string>) => new Request("http://x/", { headers });
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp(request({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientIp(request({}))).toBe("unknown");
  });
});
