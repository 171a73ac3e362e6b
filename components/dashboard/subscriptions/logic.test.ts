// The subscriptions list's URL filters and display texts.
import { describe, expect, it } from "vitest";
import {
  activeFrom,
  cancellationText,
  movableDate,
  movedInstant,
  periodText,
  priceText,
  statusFrom,
  subscriptionActions,
} from "./logic";

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

  it("offers the changes the subscription allows", () => {
    const now = new Date("2030-01-20T00:00:00Z");
    const live = {
      status: "active" as const,
      cancel_at_period_end: false,
      current_period_end: "2030-02-15T12:00:00Z",
    };
    expect(subscriptionActions(live, now)).toEqual(["cancel", "revoke"]);
    expect(subscriptionActions({ ...live, cancel_at_period_end: true }, now)).toEqual(["uncancel", "revoke"]);
    expect(subscriptionActions({ ...live, status: "past_due" }, now)).toEqual(["cancel", "revoke"]);
    // Past the period's end the cancellation is being carried out: it can no longer be taken back.
    const over = { ...live, cancel_at_period_end: true, current_period_end: "2030-01-15T12:00:00Z" };
    expect(subscriptionActions(over, now)).toEqual(["revoke"]);
    for (const status of ["canceled", "unpaid", "incomplete_expired"] as const) {
      expect(subscriptionActions({ ...live, status }, now)).toEqual([]);
    }
  });

  it("shows when a canceled subscription ends or ended", () => {
    const base = { status: "active" as const, cancel_at_period_end: false, ends_at: null, ended_at: null };
    expect(cancellationText(base)).toBe("No");
    expect(
      cancellationText({ ...base, cancel_at_period_end: true, ends_at: "2030-02-15T12:00:00Z" }),
    ).toMatch(/^Ends .*2030$/);
    expect(
      cancellationText({
        ...base,
        status: "canceled",
        ends_at: "2030-02-15T12:00:00Z",
        ended_at: "2030-02-15T12:00:00Z",
      }),
    ).toMatch(/^Ended .*2030$/);
  });
});

describe("moving a subscription's dates", () => {
  it("keeps the replaced date's time of day (UTC), and refuses what is not a day", () => {
    expect(movedInstant("2027-02-03", "2026-12-29T14:05:06.789Z")).toBe("2027-02-03T14:05:06.789Z");
    expect(movedInstant("2027-02-30", "2026-12-29T14:05:06.789Z")).toBeNull();
    expect(movedInstant("", "2026-12-29T14:05:06.789Z")).toBeNull();
    expect(movedInstant("03/02/2027", "2026-12-29T14:05:06.789Z")).toBeNull();
  });

  it("moves the trial's end in a trial, the period's end when active, nothing otherwise", () => {
    expect(movableDate({ status: "trialing" })).toBe("trial_end");
    expect(movableDate({ status: "active" })).toBe("current_billing_period_end");
    expect(movableDate({ status: "past_due" })).toBeNull();
    expect(movableDate({ status: "canceled" })).toBeNull();
  });
});
