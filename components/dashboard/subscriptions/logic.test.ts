// The subscriptions list's URL filters and display texts.
import { describe, expect, it } from "vitest";
import { activeFrom, periodText, priceText, statusFrom } from "./logic";

describe("subscription list helpers", () => {
  it("reads only filters the API accepts from the URL", () => {
    expect(statusFrom("past_due")).toBe("past_due");
    expect(statusFrom("paused")).toBeUndefined();
    expect(statusFrom(null)).toBeUndefined();
    expect(activeFrom("true")).toBe(true);
    expect(activeFrom("false")).toBe(false);
    expect(activeFrom("yes")).toBeUndefined();
  });

  it("shows the price per interval and the period", () => {
    expect(priceText(1000, "usd", "month")).toBe("$10.00 / month");
    expect(periodText("2030-01-15T12:00:00Z", null)).toMatch(/2030 – …$/);
    expect(periodText("2030-01-15T12:00:00Z", "2030-02-15T12:00:00Z")).toMatch(/2030 – .*2030$/);
  });
});
