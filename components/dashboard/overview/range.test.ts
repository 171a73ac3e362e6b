import { describe, expect, it } from "vitest";
import { changeAgainst, previousRangeDates, rangeDates, rangeFrom } from "./range";

describe("overview ranges", () => {
  const now = new Date("2025-03-13T22:30:00Z"); // a Thursday

  it("30 days by day end today (UTC) and include it", () => {
    expect(rangeDates("30d", now)).toEqual({ start_date: "2025-02-12", end_date: "2025-03-13" });
  });

  it("12 weeks start on the Monday eleven weeks before this week's", () => {
    expect(rangeDates("12w", now)).toEqual({ start_date: "2024-12-23", end_date: "2025-03-13" });
    const monday = new Date("2025-03-10T08:00:00Z");
    expect(rangeDates("12w", monday).start_date).toBe("2024-12-23");
    const sunday = new Date("2025-03-16T08:00:00Z");
    expect(rangeDates("12w", sunday).start_date).toBe("2024-12-23");
  });

  it("12 months start on the 1st, eleven months back (across the year)", () => {
    expect(rangeDates("12m", now)).toEqual({ start_date: "2024-04-01", end_date: "2025-03-13" });
  });

  it("reads the range from the URL, defaulting to 30 days", () => {
    expect(rangeFrom("12w")).toBe("12w");
    expect(rangeFrom(null)).toBe("30d");
    expect(rangeFrom("toString")).toBe("30d");
  });

  it("compares with the same number of days just before", () => {
    expect(previousRangeDates({ start_date: "2025-02-12", end_date: "2025-03-13" })).toEqual({
      start_date: "2025-01-13",
      end_date: "2025-02-11",
    });
    // 12 months from Apr 1 to Mar 13: 347 days, the 347 before.
    expect(previousRangeDates({ start_date: "2024-04-01", end_date: "2025-03-13" })).toEqual({
      start_date: "2023-04-20",
      end_date: "2024-03-31",
    });
  });

  it("says the change in whole percent, and nothing against zero", () => {
    expect(changeAgainst(150, 100)).toEqual({ percent: 50, direction: "up" });
    expect(changeAgainst(100, 300)).toEqual({ percent: -67, direction: "down" });
    expect(changeAgainst(1001, 1000)).toEqual({ percent: 0, direction: "flat" });
    expect(changeAgainst(0, 1000)).toEqual({ percent: -100, direction: "down" });
    expect(changeAgainst(500, 0)).toBeNull();
  });
});
