// The subscription state machine's table (lib/subscriptions/lifecycle.ts): which status may follow
// which. The routes, renewals, dunning, refunds and the portal all change status through it.
import { describe, expect, it } from "vitest";
import { canTransition, isEnded, type SubscriptionStatus } from "./lifecycle";

const ALL: SubscriptionStatus[] = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
];

describe("subscription transitions", () => {
  it("allows exactly the issue's transitions", () => {
    const allowed = ALL.flatMap((from) =>
      ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "incomplete→active",
        "incomplete→incomplete_expired",
        "incomplete→canceled",
        "trialing→active",
        "trialing→past_due",
        "trialing→canceled",
        "active→past_due",
        "active→canceled",
        "past_due→active",
        "past_due→unpaid",
        "past_due→canceled",
      ].sort(),
    );
  });

  it("ends for good: nothing follows canceled, unpaid or incomplete_expired", () => {
    for (const ended of ["canceled", "unpaid", "incomplete_expired"] as const) {
      expect(isEnded(ended)).toBe(true);
      expect(ALL.filter((to) => canTransition(ended, to))).toEqual([]);
    }
    for (const live of ["incomplete", "trialing", "active", "past_due"] as const)
      expect(isEnded(live)).toBe(false);
  });

  it("never goes from active straight to unpaid (dunning passes through past_due)", () => {
    expect(canTransition("active", "unpaid")).toBe(false);
  });
});
