import { describe, expect, it } from "vitest";
import { labelEvery, niceTicks, periodAfterKey } from "./chart-scale";

describe("revenue chart scale", () => {
  it("rounds the top up to a readable step of whole currency units", () => {
    expect(niceTicks(4900)).toEqual([0, 2000, 4000, 6000]);
    expect(niceTicks(8000)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(niceTicks(9_100)).toEqual([0, 5000, 10_000]);
    expect(niceTicks(18_000)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(niceTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
  });

  it("never ends below the largest value", () => {
    for (const max of [1, 99, 101, 999, 12_345, 7_777_777, 2 ** 31 - 1]) {
      const ticks = niceTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("labels whole amounts: no cents, whatever the currency's minor unit", () => {
    for (const [max, digits] of [
      [1, 2],
      [250, 2],
      [7_777_777, 2],
      [50_000, 0],
      [123_456, 3],
    ] as const) {
      for (const tick of niceTicks(max, digits)) expect(tick % 10 ** digits, `${max} ${digits}`).toBe(0);
    }
    // jpy: ¥0, ¥20,000, ¥40,000, ¥60,000.
    expect(niceTicks(50_000, 0)).toEqual([0, 20_000, 40_000, 60_000]);
  });

  it("has a scale when there is no revenue at all", () => {
    expect(niceTicks(0)).toEqual([0, 100, 200, 300, 400]);
  });

  it("spreads axis labels", () => {
    expect(labelEvery(30, 8)).toBe(4);
    expect(labelEvery(12, 12)).toBe(1);
    expect(labelEvery(0, 8)).toBe(1);
  });

  it("moves the focused period with the arrow keys, Home and End, within the chart", () => {
    expect(periodAfterKey("ArrowRight", null, 12)).toBe(0);
    expect(periodAfterKey("ArrowLeft", null, 12)).toBe(11);
    expect(periodAfterKey("ArrowRight", 4, 12)).toBe(5);
    expect(periodAfterKey("ArrowRight", 11, 12)).toBe(11);
    expect(periodAfterKey("ArrowLeft", 0, 12)).toBe(0);
    expect(periodAfterKey("Home", 7, 12)).toBe(0);
    expect(periodAfterKey("End", 2, 12)).toBe(11);
    expect(periodAfterKey("Enter", 2, 12)).toBeNull();
    expect(periodAfterKey("ArrowRight", null, 0)).toBeNull();
  });
});
