import { describe, expect, it } from "vitest";
import { addInterval, nextPeriodEnd, periodsElapsed } from "./periods";

const d = (s: string) => new Date(s);

describe("billing periods", () => {
  it("adds months and years, clamped to the end of shorter months", () => {
    expect(addInterval(d("2026-01-15T10:00:00.000Z"), "month")).toEqual(d("2026-02-15T10:00:00.000Z"));
    expect(addInterval(d("2026-01-31T10:00:00.000Z"), "month")).toEqual(d("2026-02-28T10:00:00.000Z"));
    expect(addInterval(d("2026-01-31T10:00:00.000Z"), "month", 2)).toEqual(d("2026-03-31T10:00:00.000Z"));
    expect(addInterval(d("2028-02-29T00:00:00.000Z"), "year")).toEqual(d("2029-02-28T00:00:00.000Z"));
    expect(addInterval(d("2026-12-10T00:00:00.000Z"), "month")).toEqual(d("2027-01-10T00:00:00.000Z"));
  });

  it("renews from the anchor, so Jan 31 goes to Feb 28 then Mar 31", () => {
    const anchor = d("2026-01-31T00:00:00.000Z");
    const feb = nextPeriodEnd(anchor, anchor, "month");
    expect(feb).toEqual(d("2026-02-28T00:00:00.000Z"));
    expect(nextPeriodEnd(anchor, feb, "month")).toEqual(d("2026-03-31T00:00:00.000Z"));
  });

  it("counts elapsed periods", () => {
    const anchor = d("2026-01-10T00:00:00.000Z");
    expect(periodsElapsed(anchor, d("2026-02-09T00:00:00.000Z"), "month")).toBe(0);
    expect(periodsElapsed(anchor, d("2026-02-10T00:00:00.000Z"), "month")).toBe(1);
    expect(periodsElapsed(anchor, d("2026-05-11T00:00:00.000Z"), "month")).toBe(4);
  });
});
