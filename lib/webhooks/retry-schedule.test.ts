import { describe, expect, it } from "vitest";
import { MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from "./retry-schedule";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("retryDelayMs", () => {
  it("follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then gives up", () => {
    const exact = () => 0.5;
    expect(Array.from({ length: 10 }, (_, i) => retryDelayMs(i + 1, exact))).toEqual([
      5 * S,
      5 * M,
      30 * M,
      2 * H,
      5 * H,
      10 * H,
      14 * H,
      20 * H,
      24 * H,
      null,
    ]);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(10);
    expect(retryDelayMs(11, exact)).toBeNull();
    // About three days in all.
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBe(75 * H + 35 * M + 5 * S);
  });

  it("spreads each delay by ±10 %", () => {
    for (const [index, base] of RETRY_DELAYS_MS.entries()) {
      expect(retryDelayMs(index + 1, () => 0)).toBe(Math.round(base * 0.9));
      expect(retryDelayMs(index + 1, () => 0.999999)).toBeLessThanOrEqual(Math.round(base * 1.1));
      expect(retryDelayMs(index + 1, () => 0.999999)).toBeGreaterThan(Math.round(base * 1.099));
    }
    for (let i = 0; i < 1000; i++) {
      const delay = retryDelayMs(2)!;
      expect(delay).toBeGreaterThanOrEqual(4.5 * M);
      expect(delay).toBeLessThanOrEqual(5.5 * M);
    }
  });

  it("refuses a count of attempts below 1", () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });
});
