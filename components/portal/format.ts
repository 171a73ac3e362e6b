// What the portal says about orders, keys and subscriptions, as pure functions (money: lib/money.ts;
// dates: one fixed locale and UTC, like the hosted checkout, so server and browser print the same).
import { formatMoney } from "@/lib/money";
import type { CancellationReason } from "@/lib/subscriptions/lifecycle";
import { keyExpiryLabel } from "@/lib/license-keys/expiry-label";
import { describePriceSchedule } from "@/lib/subscriptions/price-schedule";
import type { PortalLicenseKey, PortalOrder, PortalSubscription } from "./api";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export type Tone = "success" | "warning" | "danger" | "neutral";

const ORDER_STATUS: Record<PortalOrder["status"], { label: string; tone: Tone }> = {
  paid: { label: "Paid", tone: "success" },
  partially_refunded: { label: "Partially refunded", tone: "warning" },
  refunded: { label: "Refunded", tone: "neutral" },
};

export function orderStatus(order: Pick<PortalOrder, "status">) {
  return ORDER_STATUS[order.status];
}

/** What the buyer paid, tax included. */
export function orderTotal(order: Pick<PortalOrder, "amount" | "tax_amount" | "currency">): string {
  return formatMoney(order.amount + order.tax_amount, order.currency);
}

/** The order's number as the buyer sees it everywhere ("ACME-0042"). */
export function orderNumber(order: Pick<PortalOrder, "invoice_number" | "id">): string {
  return order.invoice_number;
}

const SUBSCRIPTION_STATUS: Record<PortalSubscription["status"], { label: string; tone: Tone }> = {
  active: { label: "Active", tone: "success" },
  trialing: { label: "Trial", tone: "success" },
  past_due: { label: "Payment failed", tone: "danger" },
  unpaid: { label: "Unpaid", tone: "danger" },
  canceled: { label: "Canceled", tone: "neutral" },
  incomplete: { label: "Incomplete", tone: "warning" },
  incomplete_expired: { label: "Expired", tone: "neutral" },
};

export function subscriptionStatus(
  subscription: Pick<PortalSubscription, "status" | "cancel_at_period_end">,
) {
  const status = SUBSCRIPTION_STATUS[subscription.status];
  if (subscription.cancel_at_period_end && !isEnded(subscription)) {
    return { label: "Canceling", tone: "warning" as Tone };
  }
  return status;
}

export function isEnded(subscription: Pick<PortalSubscription, "status">): boolean {
  return ["canceled", "unpaid", "incomplete_expired"].includes(subscription.status);
}

/** "$10.71 / month": the next charge, tax included. */
export function chargeLabel(
  subscription: Pick<PortalSubscription, "amount" | "tax_amount_next" | "currency" | "recurring_interval">,
): string {
  const total = subscription.amount + (subscription.tax_amount_next ?? 0);
  return `${formatMoney(total, subscription.currency)} / ${subscription.recurring_interval}`;
}

/**
 * "$40.00 / month for 3 months, then $50.00 / month" while a discount runs (lib/subscriptions/
 * price-schedule.ts); null without one, once it ended, or for an ended subscription.
 */
export function discountLine(
  subscription: Pick<
    PortalSubscription,
    | "status"
    | "price_amount"
    | "currency"
    | "recurring_interval"
    | "started_at"
    | "current_period_start"
    | "discount"
    | "tax_amount_next"
    | "trial_end"
  >,
): string | null {
  if (!subscription.discount || isEnded(subscription)) return null;
  const schedule = { ...subscription, amount: subscription.price_amount };
  const line = describePriceSchedule(schedule);
  if (line === describePriceSchedule({ ...schedule, discount: null })) return null;
  return subscription.tax_amount_next ? `${line}, before tax` : line;
}

/** The one line about what happens next: the next charge, the scheduled end, or the end. */
export function scheduleLine(subscription: PortalSubscription): string | null {
  if (isEnded(subscription)) {
    const ended = subscription.ended_at ?? subscription.ends_at;
    return ended ? `Ended on ${formatDate(ended)}` : "Ended";
  }
  if (subscription.cancel_at_period_end) {
    const ends = subscription.ends_at ?? subscription.current_period_end;
    return ends ? `Cancels on ${formatDate(ends)}` : "Cancels at the end of the period";
  }
  if (subscription.status === "past_due") return "The last payment failed. Update your card to keep it.";
  if (subscription.status === "trialing" && subscription.trial_end) {
    return `Free trial until ${formatDate(subscription.trial_end)}, then the first charge`;
  }
  return subscription.current_period_end
    ? `Next charge on ${formatDate(subscription.current_period_end)}`
    : null;
}

export function canCancel(subscription: PortalSubscription): boolean {
  return !isEnded(subscription) && !subscription.cancel_at_period_end;
}

export function canUncancel(subscription: PortalSubscription): boolean {
  return !isEnded(subscription) && subscription.cancel_at_period_end;
}

export function canUpdatePaymentMethod(subscription: PortalSubscription): boolean {
  return !isEnded(subscription);
}

/**
 * Which subscription's card form is open (one at a time: the form's fields have fixed ids). Until
 * the buyer chooses (`chosen` undefined), a past-due subscription's, so its notice comes with it;
 * null once they closed them all.
 */
export function openPaymentFormId(
  subscriptions: readonly Pick<PortalSubscription, "id" | "status">[],
  chosen: string | null | undefined,
): string | null {
  if (chosen !== undefined) return chosen;
  return subscriptions.find((s) => s.status === "past_due")?.id ?? null;
}

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

export function paymentMethodLabel(method: PortalSubscription["payment_method"]): string {
  if (!method) return "No card on file";
  const brand = method.brand ? (BRANDS[method.brand] ?? method.brand) : "Card";
  return method.last4 ? `${brand} ending in ${method.last4}` : brand;
}

/** Why the buyer leaves, in the words the form offers (every reason the API accepts, in order). */
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  too_expensive: "It's too expensive",
  missing_features: "It's missing features I need",
  switched_service: "I switched to another service",
  unused: "I don't use it enough",
  customer_service: "Customer service was not good",
  low_quality: "Quality was lower than expected",
  too_complex: "It's too complicated",
  other: "Other reason",
};

export const CANCELLATION_REASONS = Object.keys(CANCELLATION_REASON_LABELS) as CancellationReason[];

const KEY_STATUS: Record<PortalLicenseKey["status"], { label: string; tone: Tone }> = {
  granted: { label: "Active", tone: "success" },
  revoked: { label: "Revoked", tone: "danger" },
  disabled: { label: "Disabled", tone: "neutral" },
};

export function licenseKeyStatus(key: Pick<PortalLicenseKey, "status">) {
  return KEY_STATUS[key.status];
}

/** "Valid until Nov 24, 2027 · 1 of 2 devices · used 3 of 10 times". */
export function licenseKeyFacts(
  key: Pick<
    PortalLicenseKey,
    "expires_at" | "limit_activations" | "usage" | "limit_usage" | "activations" | "subscription"
  >,
): string {
  const devices = key.activations.length;
  return [
    keyExpiryLabel(key, key.subscription ?? null, formatDate),
    key.limit_activations
      ? `${devices} of ${key.limit_activations} device${key.limit_activations === 1 ? "" : "s"}`
      : null,
    key.limit_usage
      ? `used ${key.usage} of ${key.limit_usage} times`
      : key.usage
        ? `used ${key.usage} times`
        : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
