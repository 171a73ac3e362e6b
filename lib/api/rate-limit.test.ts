// The token buckets on the database: burst, refill, the edge of a minute, concurrency, several
// database clients (app instances) sharing one budget, and no WAL.
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import {
  bucketState,
  enforceRateLimits,
  hitRateLimit,
  rateLimitHeaders,
  sweepFullBuckets,
} from "./rate-limit";

const perMinute = (limit: number) => ({ limit, windowMs: 60_000 });
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
// Each test has keys and times of its own: the buckets are shared by the whole file.
const base = new Date(Date.now() + 3_600_000);

// Opening (and migrating) the database is slow on a busy machine: not part of any test's time.
beforeAll(() => getDb());

describe("hitRateLimit", () => {
  it("allows a burst of `limit`, then one request per interval as the bucket refills", async () => {
    const db = await getDb();
    const budget = perMinute(3); // one request every 20 s
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, "token:a", budget, base));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[2]).toMatchObject({ resetSeconds: 60, retryAfterSeconds: 0 });
    expect(rateLimitHeaders(results[3]!)).toEqual({
      "RateLimit-Limit": "3",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "60",
      "Retry-After": "20",
    });
    // 19.9 s later the bucket has not refilled a request yet; at 20 s it has, exactly one.
    expect((await hitRateLimit(db, "token:a", budget, at(base, 19_900))).allowed).toBe(false);
    expect(await hitRateLimit(db, "token:a", budget, at(base, 20_000))).toMatchObject({
      allowed: true,
      remaining: 0,
    });
    expect((await hitRateLimit(db, "token:a", budget, at(base, 20_001))).allowed).toBe(false);
    // Another key has its own bucket; an idle minute fills a bucket again.
    expect((await hitRateLimit(db, "token:b", budget, base)).remaining).toBe(2);
    expect((await hitRateLimit(db, "token:a", budget, at(base, 80_000))).remaining).toBe(2);
  });

  it("a burst across the edge of a minute gets the limit once, not twice", async () => {
    const db = await getDb();
    const budget = perMinute(10);
    // A fixed window would allow 10 at 0:59.9 and 10 more at 1:00.1.
    const minute = new Date(Math.ceil(base.getTime() / 60_000) * 60_000 + 60_000);
    const burst = async (when: Date) => {
      let allowed = 0;
      for (let i = 0; i < 15; i++) if ((await hitRateLimit(db, "ip:edge", budget, when)).allowed) allowed++;
      return allowed;
    };
    expect(await burst(at(minute, -100))).toBe(10);
    expect(await burst(at(minute, 100))).toBe(0);
    // After the burst, requests come back at the refill rate only: one per 6 s.
    let allowed = 0;
    for (let ms = 1_000; ms < 59_900; ms += 1_000) {
      if ((await hitRateLimit(db, "ip:edge", budget, at(minute, ms))).allowed) allowed++;
    }
    expect(allowed).toBe(9);
  });

  it("holds under parallel requests: exactly `limit` are allowed", async () => {
    const db = await getDb();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit(db, "ip:1.2.3.4", perMinute(10), base)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("stores a long key as a bounded one", async () => {
    const db = await getDb();
    const long = `license_key:org:${"K".repeat(8192)}`;
    expect((await hitRateLimit(db, long, perMinute(1), base)).allowed).toBe(true);
    expect((await hitRateLimit(db, long, perMinute(1), base)).allowed).toBe(false);
    expect((await hitRateLimit(db, `${long}2`, perMinute(1), base)).allowed).toBe(true);
    const longest = await db.$queryRaw<
      { length: number }[]
    >`SELECT max(length(key))::int AS length FROM rate_limit_buckets`;
    expect(longest[0]!.length).toBeLessThanOrEqual(200);
  });

  it("sweeps away the buckets that have refilled (a full bucket is the same as none)", async () => {
    const db = await getDb();
    const later = at(base, 3_600_000);
    await hitRateLimit(db, "token:sweep-full", perMinute(2), at(later, -30_000)); // full at `later`
    await hitRateLimit(db, "token:sweep-live", perMinute(2), at(later, -10_000)); // full 20 s after
    await sweepFullBuckets(db, later);
    const keys = await db.rateLimitBucket.findMany({ where: { key: { startsWith: "token:sweep" } } });
    expect(keys.map((k) => k.key)).toEqual(["token:sweep-live"]);
  });

  it("keeps its buckets in an UNLOGGED table (no WAL, no fsync per request)", async () => {
    const db = await getDb();
    const tables = await db.$queryRaw<{ relname: string; relpersistence: string }[]>`
      SELECT relname::text, relpersistence::text FROM pg_class
      WHERE relname IN ('rate_limit_buckets', 'sign_in_attempts') ORDER BY relname`;
    expect(tables).toEqual([
      { relname: "rate_limit_buckets", relpersistence: "u" },
      { relname: "sign_in_attempts", relpersistence: "u" },
    ]);
  });
});

describe("enforceRateLimits", () => {
  it("throws 429 with Retry-After when a budget is spent", async () => {
    const db = await getDb();
    const budgets = [{ key: "token:enforce", limit: perMinute(1) }];
    expect(await enforceRateLimits(db, budgets, base)).toMatchObject({ allowed: true, remaining: 0 });
    await expect(enforceRateLimits(db, budgets, base)).rejects.toMatchObject({
      status: 429,
      code: "RateLimitExceeded",
      headers: { "Retry-After": "60", "RateLimit-Remaining": "0" },
    });
  });

  it("charges several budgets in one statement, in order, and none after a spent one", async () => {
    const db = await getDb();
    const address = { key: "ip:chain", limit: perMinute(2) };
    const key = { key: "license_key:chain", limit: perMinute(5) };
    const other = { key: "license_key:chain-other", limit: perMinute(1) };
    // The tightest of the budgets is the answer's.
    expect(await enforceRateLimits(db, [address, key], base)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await enforceRateLimits(db, [address, key], base)).toMatchObject({ allowed: true, remaining: 0 });
    // The address is spent: 429, and the key's budget is not charged for the refused request.
    await expect(enforceRateLimits(db, [address, key], base)).rejects.toMatchObject({ status: 429 });
    expect(await hitRateLimit(db, key.key, key.limit, base)).toMatchObject({ allowed: true, remaining: 2 });
    // A spent budget after a fitting one: 429, the first was charged (as one statement each would).
    const first = { key: "ip:chain-2", limit: perMinute(3) };
    expect(await enforceRateLimits(db, [first, other], base)).toMatchObject({ remaining: 0 });
    await expect(enforceRateLimits(db, [first, other], base)).rejects.toMatchObject({ status: 429 });
    expect(await hitRateLimit(db, first.key, first.limit, base)).toMatchObject({
      allowed: true,
      remaining: 0,
    });
  });

  it("holds under parallel requests with two budgets: exactly the tighter limit passes", async () => {
    const db = await getDb();
    const budgets = [
      { key: "ip:chain-parallel", limit: perMinute(12) },
      { key: "license_key:chain-parallel", limit: perMinute(8) },
    ];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => enforceRateLimits(db, budgets, base)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(8);
    // Refused by the key's budget, every request was charged to the address's: 12 of 20 fit it.
    expect((await hitRateLimit(db, "ip:chain-parallel", perMinute(12), base)).allowed).toBe(false);
  });
});

describe("bucketState", () => {
  it("reads remaining requests, reset and retry from the bucket's full time", () => {
    const budget = perMinute(4); // 15 s per request
    expect(bucketState({ full_at_ms: 1_015_000, allowed: true }, budget, 1_000_000)).toEqual({
      allowed: true,
      limit: 4,
      remaining: 3,
      resetSeconds: 15,
      retryAfterSeconds: 0,
    });
    expect(bucketState({ full_at_ms: 1_060_000, allowed: false }, budget, 1_000_000)).toMatchObject({
      remaining: 0,
      retryAfterSeconds: 15,
    });
    // Microsecond rounding of the stored time does not lose a request.
    expect(bucketState({ full_at_ms: 1_014_999.9996, allowed: true }, budget, 1_000_000).remaining).toBe(3);
    // A parallel first request took the bucket before this one could see it.
    expect(bucketState(undefined, budget, 1_000_000)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 15,
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("several app instances on one PostgreSQL", () => {
  const instances: PrismaClient[] = [];
  afterAll(() => Promise.all(instances.map((client) => client.$disconnect())));

  it("share each budget: of 60 parallel requests through two clients, exactly `limit` pass", async () => {
    for (let i = 0; i < 2; i++) {
      instances.push(
        new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 10 }) }),
      );
    }
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        hitRateLimit(instances[i % 2]!, "token:shared", perMinute(25), base),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    // A refill seen by one instance is seen by the other.
    expect((await hitRateLimit(instances[0]!, "token:shared", perMinute(25), at(base, 2_400))).allowed).toBe(
      true,
    );
    expect((await hitRateLimit(instances[1]!, "token:shared", perMinute(25), at(base, 2_400))).allowed).toBe(
      false,
    );
  });
});
