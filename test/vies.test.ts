// The VIES client and its 24-hour cache (lib/tax/vies.ts) against the local fake (test/vies-fake.ts):
// valid and invalid answers, a member state unavailable, a 503, an answer too slow or too large
// (each "unavailable", never kept), the cache with an injected clock, and the test default (no
// VIES_API_BASE under the test runner: no call at all).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { DEFAULT_VIES_API_BASE, viesApiBase } from "@/lib/config";
import { askVies, checkVatNumber, readViesAnswer, VIES_CACHE_MS } from "@/lib/tax/vies";
import { startViesFake, VIES_NUMBERS, type ViesFake } from "./vies-fake";

let db: Db;
let fake: ViesFake;
const NOW = new Date("2026-12-12T10:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

beforeAll(async () => {
  db = await getDb();
  fake = await startViesFake();
  process.env.VIES_API_BASE = fake.base;
});
afterAll(() => fake.close());
beforeEach(async () => {
  await db.vatCheck.deleteMany();
  fake.calls.length = 0;
});

describe("askVies", () => {
  it("reads a valid answer with the registered name, and an invalid one", async () => {
    expect(await askVies("DE", "123456789")).toEqual({ result: "valid", name: VIES_NUMBERS.validName });
    // VIES's "---" (name not disclosed) is no name.
    expect(await askVies("FR", "40303265045")).toEqual({ result: "valid", name: null });
    expect(await askVies("DE", "111111111")).toEqual({ result: "invalid" });
    expect(fake.calls).toEqual(["/ms/DE/vat/123456789", "/ms/FR/vat/40303265045", "/ms/DE/vat/111111111"]);
  });

  it("answers unavailable for a member state down, a 503, a timeout, a huge answer or no server", async () => {
    expect(await askVies("DE", "222222222")).toEqual({ result: "unavailable", reason: "MS_UNAVAILABLE" });
    expect(await askVies("DE", "333333333")).toEqual({ result: "unavailable", reason: "HTTP 503" });
    const started = Date.now();
    expect(await askVies("DE", "444444444", { timeoutMs: 200 })).toEqual({
      result: "unavailable",
      reason: "timeout",
    });
    expect(Date.now() - started).toBeLessThan(fake.slowMs);
    expect(await askVies("DE", "555555555")).toEqual({ result: "unavailable", reason: "answer too large" });
    expect(await askVies("DE", "123456789", { base: "http://127.0.0.1:1" })).toEqual({
      result: "unavailable",
      reason: "no connection",
    });
  });

  it("reads the service's own error shape and other statuses", () => {
    expect(readViesAnswer(500, { actionSucceed: false, errorWrappers: [{ error: "TIMEOUT" }] })).toEqual({
      result: "unavailable",
      reason: "TIMEOUT",
    });
    expect(readViesAnswer(400, { errorWrappers: [{ error: "INVALID_INPUT" }] })).toEqual({
      result: "invalid",
    });
    expect(readViesAnswer(200, { isValid: false, userError: "MS_MAX_CONCURRENT_REQ" })).toMatchObject({
      result: "unavailable",
    });
    expect(readViesAnswer(404, { whatever: true })).toEqual({ result: "unavailable", reason: "HTTP 404" });
    expect(readViesAnswer(200, "not an object")).toEqual({ result: "unavailable", reason: "HTTP 200" });
  });
});

describe("checkVatNumber", () => {
  it("keeps a valid answer 24 hours, then asks again", async () => {
    const first = await checkVatNumber(db, "de 123 456 789", { now: NOW });
    expect(first).toEqual({ result: "valid", name: VIES_NUMBERS.validName, checkedAt: NOW, cached: false });
    expect(await db.vatCheck.findUniqueOrThrow({ where: { number: "DE123456789" } })).toMatchObject({
      valid: true,
      name: VIES_NUMBERS.validName,
      checked_at: NOW,
    });
    const kept = await checkVatNumber(db, VIES_NUMBERS.valid, { now: later(VIES_CACHE_MS - 1000) });
    expect(kept).toEqual({ result: "valid", name: VIES_NUMBERS.validName, checkedAt: NOW, cached: true });
    expect(fake.callsFor(VIES_NUMBERS.valid)).toBe(1);

    const expired = await checkVatNumber(db, VIES_NUMBERS.valid, { now: later(VIES_CACHE_MS) });
    expect(expired).toMatchObject({ result: "valid", cached: false, checkedAt: later(VIES_CACHE_MS) });
    expect(fake.callsFor(VIES_NUMBERS.valid)).toBe(2);
  });

  it("keeps an invalid answer too", async () => {
    expect(await checkVatNumber(db, VIES_NUMBERS.invalid, { now: NOW })).toMatchObject({
      result: "invalid",
      cached: false,
    });
    expect(await checkVatNumber(db, VIES_NUMBERS.invalid, { now: later(3_600_000) })).toMatchObject({
      result: "invalid",
      cached: true,
    });
    expect(fake.callsFor(VIES_NUMBERS.invalid)).toBe(1);
  });

  it("never keeps that VIES could not answer: the next check asks again", async () => {
    for (const number of [VIES_NUMBERS.msUnavailable, VIES_NUMBERS.http503]) {
      expect(await checkVatNumber(db, number, { now: NOW })).toMatchObject({ result: "unavailable" });
      expect(await checkVatNumber(db, number, { now: NOW })).toMatchObject({ result: "unavailable" });
      expect(fake.callsFor(number)).toBe(2);
    }
    expect(await checkVatNumber(db, VIES_NUMBERS.slow, { now: NOW, timeoutMs: 200 })).toEqual({
      result: "unavailable",
      reason: "timeout",
    });
    expect(await db.vatCheck.count()).toBe(0);

    // Back up: the answer is now kept.
    fake.set(VIES_NUMBERS.msUnavailable, "valid", "Back Again AG");
    expect(await checkVatNumber(db, VIES_NUMBERS.msUnavailable, { now: NOW })).toMatchObject({
      result: "valid",
      name: "Back Again AG",
    });
    expect(await db.vatCheck.count()).toBe(1);
  });

  it("a number that is no EU VAT number is invalid without a call", async () => {
    expect(await checkVatNumber(db, "US123456789", { now: NOW })).toMatchObject({ result: "invalid" });
    expect(fake.calls).toEqual([]);
  });
});

describe("VIES_API_BASE", () => {
  it("defaults to the Commission's service, but to no VIES at all under the test runner", async () => {
    expect(viesApiBase({})).toBe(DEFAULT_VIES_API_BASE);
    expect(viesApiBase({ NODE_ENV: "production" })).toBe(DEFAULT_VIES_API_BASE);
    expect(viesApiBase({ NODE_ENV: "test" })).toBeNull();
    expect(viesApiBase({ NODE_ENV: "test", VIES_API_BASE: "http://127.0.0.1:9/vies/" })).toBe(
      "http://127.0.0.1:9/vies",
    );
    // No base: unavailable, and nothing asked.
    expect(await checkVatNumber(db, VIES_NUMBERS.valid, { now: NOW, base: null })).toEqual({
      result: "unavailable",
      reason: "VIES is not configured",
    });
    expect(fake.calls).toEqual([]);
  });

  it("refuses a value that is not an http(s) URL, at start", () => {
    expect(() => viesApiBase({ VIES_API_BASE: "ftp://vies.example" })).toThrow(/VIES_API_BASE must be/);
    expect(() => viesApiBase({ VIES_API_BASE: "not a url" })).toThrow(/VIES_API_BASE must be/);
  });
});
