import { describe, expect, it } from "vitest";
import { labelEvery, niceTicks } from "./chart-scale";

describe("revenue chart scale", () => {
  it("rounds the top up to a readable step", () => {
    expect(niceTicks(4900)).toEqual([0, 2000, 4000, 6000]);
    expect(niceTicks(8000)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(niceTicks(9_100)).toEqual([0, 2500, 5000, 7500, 10_000]);
    expect(niceTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
  });

  it("never ends below the largest value", () => {
    for (const max of [1, 99, 101, 999, 12_345, 7_777_777]) {
      const ticks = niceTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("has a scale when there is no revenue at all", () => {
    expect(niceTicks(0)).toEqual([0, 25, 50, 75, 100]);
  });

  it("spreads axis labels", () => {
    expect(labelEvery(30, 8)).toBe(4);
    expect(labelEvery(12, 12)).toBe(1);
    expect(labelEvery(0, 8)).toBe(1);
  });
});
