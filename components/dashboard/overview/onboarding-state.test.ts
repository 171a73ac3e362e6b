import { describe, expect, it } from "vitest";
import { dismissalKey, onboardingState, type OnboardingCounts } from "./onboarding-state";

const none: OnboardingCounts = { products: 0, checkoutLinks: 0, paymentProcessor: null, webhooks: 0 };
const doneKeys = (counts: OnboardingCounts) =>
  onboardingState(counts, false)
    .steps.filter((step) => step.done)
    .map((step) => step.key);

describe("onboarding checklist", () => {
  it("lists the four steps in order, each linking where it is done, none done in an empty organization", () => {
    const state = onboardingState(none, false);
    expect(state.steps.map(({ key, path, done }) => ({ key, path, done }))).toEqual([
      { key: "product", path: "/products/new", done: false },
      { key: "checkout_link", path: "/checkout-links/new", done: false },
      { key: "payments", path: "/settings#payments", done: false },
      { key: "webhook", path: "/webhooks/new", done: false },
    ]);
    expect(state.done).toBe(0);
    expect(state.visible).toBe(true);
    expect(state.steps[2]!.description).toMatch(/^Connect your Stripe account to take real payments\./);
  });

  it("ticks each step from its own count", () => {
    expect(doneKeys({ ...none, products: 3 })).toEqual(["product"]);
    expect(doneKeys({ ...none, checkoutLinks: 1 })).toEqual(["checkout_link"]);
    expect(doneKeys({ ...none, paymentProcessor: "stripe" })).toEqual(["payments"]);
    // The test processor is no payment set up.
    expect(doneKeys({ ...none, paymentProcessor: "test" })).toEqual([]);
    expect(doneKeys({ ...none, webhooks: 2 })).toEqual(["webhook"]);
    expect(onboardingState({ ...none, products: 1, checkoutLinks: 1 }, false).done).toBe(2);
  });

  it("is hidden once every step is done", () => {
    const all = onboardingState(
      { products: 1, checkoutLinks: 1, paymentProcessor: "stripe", webhooks: 1 },
      false,
    );
    expect(all.done).toBe(4);
    expect(all.visible).toBe(false);
  });

  it("is hidden once dismissed, whatever is left", () => {
    expect(onboardingState(none, true).visible).toBe(false);
  });

  it("waits for every count before showing (no flash of unticked steps)", () => {
    expect(onboardingState({ ...none, paymentProcessor: undefined }, false).visible).toBe(false);
    expect(onboardingState({ ...none, paymentProcessor: undefined }, false).steps[2]!.done).toBe(false);
  });

  it("remembers a dismissal per organization", () => {
    expect(dismissalKey("org-a")).not.toBe(dismissalKey("org-b"));
    expect(dismissalKey("org-a")).toBe("dashboard:onboarding-dismissed:org-a");
  });
});
