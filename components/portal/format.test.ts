// What the portal says about orders, subscriptions and keys: totals with tax, refund states, the
// next charge or the scheduled end, which actions a subscription offers, every cancellation reason.
import { describe, expect, it } from "vitest";
import { subscriptionSchema } from "@/lib/subscriptions/schemas";
import type { PortalLicenseKey, PortalSubscription } from "./api";
import {
  CANCELLATION_REASONS,
  canCancel,
  canUncancel,
  canUpdatePaymentMethod,
  chargeLabel,
  discountLine,
  licenseKeyFacts,
  openPaymentFormId,
  orderNumber,
  orderStatus,
  orderTotal,
  paymentMethodLabel,
  scheduleLine,
  subscriptionStatus,
} from "./format";

/** The fields the portal's wording reads (the rest of the resource is not used by it). */
function subscription(overrides: Partial<PortalSubscription> = {}): PortalSubscription {
  return {
    id: "sub_1",
    status: "active",
    amount: 900,
    currency: "usd",
    recurring_interval: "month",
    current_period_start: "2026-11-24T10:00:00.000Z",
    current_period_end: "2026-12-24T10:00:00.000Z",
    cancel_at_period_end: false,
    canceled_at: null,
    ends_at: null,
    ended_at: null,
    started_at: "2026-11-24T10:00:00.000Z",
    product: { id: "p1", name: "Acme Cloud" },
    payment_method: { brand: "visa", last4: "4242" },
    payment_processor: "test",
    payment_processor_metadata: {},
    tax_amount_next: 171,
    price_amount: 900,
    discount: null,
    ...overrides,
  } as PortalSubscription;
}

describe("orders", () => {
  it("totals with tax and numbers by invoice number (the id's start until there is one)", () => {
    expect(orderTotal({ amount: 4900, tax_amount: 931, currency: "usd" })).toBe("$58.31");
    expect(orderTotal({ amount: 500, tax_amount: 0, currency: "jpy" })).toBe("¥500");
    expect(orderNumber({ invoice_number: "ACME-0042", id: "x" })).toBe("ACME-0042");
  });

  it("names every status, refunds included", () => {
    expect(orderStatus({ status: "paid" }).label).toBe("Paid");
    expect(orderStatus({ status: "refunded" }).label).toBe("Refunded");
    expect(orderStatus({ status: "partially_refunded" }).label).toBe("Partially refunded");
  });
});

describe("subscriptions", () => {
  it("charges amount plus the next tax per interval", () => {
    expect(chargeLabel(subscription())).toBe("$10.71 / month");
    expect(chargeLabel(subscription({ tax_amount_next: null, recurring_interval: "year" }))).toBe(
      "$9.00 / year",
    );
  });

  it("says how a discount runs out, before tax when there is tax; nothing without one or once ended", () => {
    const discount = {
      type: "percentage" as const,
      amount: null,
      basis_points: 5000,
      duration: "repeating" as const,
      duration_in_months: 3,
    };
    expect(discountLine(subscription({ discount, amount: 450 }))).toBe(
      "$4.50 / month for 3 months, then $9.00 / month, before tax",
    );
    expect(discountLine(subscription({ discount, tax_amount_next: null }))).toBe(
      "$4.50 / month for 3 months, then $9.00 / month",
    );
    expect(discountLine(subscription())).toBeNull();
    expect(
      discountLine(subscription({ discount, current_period_start: "2027-02-24T10:00:00.000Z" })),
    ).toBeNull();
    expect(discountLine(subscription({ discount, status: "canceled" }))).toBeNull();
  });

  it("says when the next charge is, when it cancels, that it failed, or when it ended", () => {
    expect(scheduleLine(subscription())).toBe("Next charge on Dec 24, 2026");
    expect(
      scheduleLine(subscription({ cancel_at_period_end: true, ends_at: "2026-12-24T10:00:00.000Z" })),
    ).toBe("Cancels on Dec 24, 2026");
    expect(scheduleLine(subscription({ status: "past_due" }))).toMatch(/^The last payment failed/);
    expect(scheduleLine(subscription({ status: "canceled", ended_at: "2026-12-24T10:00:00.000Z" }))).toBe(
      "Ended on Dec 24, 2026",
    );
  });

  it("badges a scheduled cancellation as Canceling, a failed payment in red", () => {
    expect(subscriptionStatus(subscription())).toEqual({ label: "Active", tone: "success" });
    expect(subscriptionStatus(subscription({ cancel_at_period_end: true })).label).toBe("Canceling");
    expect(subscriptionStatus(subscription({ status: "past_due" }))).toEqual({
      label: "Payment failed",
      tone: "danger",
    });
    expect(subscriptionStatus(subscription({ status: "canceled", cancel_at_period_end: true })).label).toBe(
      "Canceled",
    );
  });

  it("offers Cancel, or Keep my subscription, and a new card, only while it runs", () => {
    const active = subscription();
    const canceling = subscription({ cancel_at_period_end: true });
    const ended = subscription({ status: "unpaid" });
    expect([canCancel(active), canUncancel(active), canUpdatePaymentMethod(active)]).toEqual([
      true,
      false,
      true,
    ]);
    expect([canCancel(canceling), canUncancel(canceling)]).toEqual([false, true]);
    expect([canCancel(ended), canUncancel(ended), canUpdatePaymentMethod(ended)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(canCancel(subscription({ status: "past_due" }))).toBe(true);
  });

  it("opens a past-due subscription's card form until the buyer chooses", () => {
    const list = [subscription({ id: "a" }), subscription({ id: "b", status: "past_due" })];
    expect(openPaymentFormId(list, undefined)).toBe("b");
    expect(openPaymentFormId(list, "a")).toBe("a");
    expect(openPaymentFormId(list, null)).toBeNull();
    expect(openPaymentFormId([subscription()], undefined)).toBeNull();
  });

  it("describes the card on file", () => {
    expect(paymentMethodLabel({ brand: "visa", last4: "4242" })).toBe("Visa ending in 4242");
    expect(paymentMethodLabel({ brand: null, last4: null })).toBe("Card");
    expect(paymentMethodLabel(null)).toBe("No card on file");
  });

  it("offers every cancellation reason the API accepts, and only those", () => {
    const accepted = subscriptionSchema.shape.customer_cancellation_reason.unwrap().options;
    expect([...CANCELLATION_REASONS].sort()).toEqual([...accepted].sort());
  });
});

describe("license keys", () => {
  const key = (overrides: Partial<PortalLicenseKey> = {}) =>
    ({
      expires_at: null,
      limit_activations: null,
      usage: 0,
      limit_usage: null,
      activations: [],
      subscription: null,
      ...overrides,
    }) as PortalLicenseKey;

  it("sums up expiry, devices and usage", () => {
    expect(licenseKeyFacts(key())).toBe("Never expires");
    expect(
      licenseKeyFacts(
        key({
          expires_at: "2027-11-24T00:00:00.000Z",
          limit_activations: 2,
          activations: [{ id: "a", label: "Mac", created_at: "2026-11-24T00:00:00.000Z" }],
          usage: 3,
          limit_usage: 10,
        }),
      ),
    ).toBe("Valid until Nov 24, 2027 · 1 of 2 devices · used 3 of 10 times");
    expect(licenseKeyFacts(key({ limit_activations: 1, usage: 4 }))).toBe(
      "Never expires · 0 of 1 device · used 4 times",
    );
    const subscription = {
      id: "sub_1",
      status: "active" as const,
      current_period_end: "2026-12-24T10:00:00.000Z",
      cancel_at_period_end: false,
      ends_at: null,
      ended_at: null,
    };
    expect(licenseKeyFacts(key({ subscription }))).toBe(
      "Expires when the subscription ends (renews on Dec 24, 2026)",
    );
  });
});
