// What the portal says about orders, keys and subscriptions, as pure functions in the page's
// language (a Translator, docs/i18n.md; English by default, for the tests and the dashboard), dates
// in UTC, so server and browser print the same.
import { english } from "@/lib/i18n/english";
import type { Translator } from "@/lib/i18n/translator";
import type { CancellationReason } from "@/lib/subscriptions/lifecycle";
import { keyExpiryLabel } from "@/lib/license-keys/expiry-label";
import { describePriceSchedule } from "@/lib/subscriptions/price-schedule";
import type { PortalLicenseKey, PortalOrder, PortalSubscription } from "./api";

/** "Nov 24, 2027", "24.11.2027". */
export function formatDate(iso: string, tr: Translator = english): string {
  return tr.date(iso, { style: "medium" });
}

export type Tone = "success" | "warning" | "danger" | "neutral";

const ORDER_TONE: Record<PortalOrder["status"], Tone> = {
  paid: "success",
  partially_refunded: "warning",
  refunded: "neutral",
};

export function orderStatus(order: Pick<PortalOrder, "status">, tr: Translator = english) {
  return { label: tr.t(`portal.order_${order.status}`), tone: ORDER_TONE[order.status] };
}

/** What the buyer paid, tax included. */
export function orderTotal(
  order: Pick<PortalOrder, "amount" | "tax_amount" | "currency">,
  tr: Translator = english,
): string {
  return tr.money(order.amount + order.tax_amount, order.currency);
}

/** The order's number as the buyer sees it everywhere ("ACME-0042"). */
export function orderNumber(order: Pick<PortalOrder, "invoice_number" | "id">): string {
  return order.invoice_number;
}

const SUBSCRIPTION_TONE: Record<PortalSubscription["status"], Tone> = {
  active: "success",
  trialing: "success",
  past_due: "danger",
  unpaid: "danger",
  canceled: "neutral",
  incomplete: "warning",
  incomplete_expired: "neutral",
};

export function subscriptionStatus(
  subscription: Pick<PortalSubscription, "status" | "cancel_at_period_end">,
  tr: Translator = english,
) {
  if (subscription.cancel_at_period_end && !isEnded(subscription)) {
    return { label: tr.t("portal.subscription_canceling"), tone: "warning" as Tone };
  }
  return {
    label: tr.t(`portal.subscription_${subscription.status}`),
    tone: SUBSCRIPTION_TONE[subscription.status],
  };
}

export function isEnded(subscription: Pick<PortalSubscription, "status">): boolean {
  return ["canceled", "unpaid", "incomplete_expired"].includes(subscription.status);
}

/** "$10.71 / month": the next charge, tax included. */
export function chargeLabel(
  subscription: Pick<PortalSubscription, "amount" | "tax_amount_next" | "currency" | "recurring_interval">,
  tr: Translator = english,
): string {
  const total = subscription.amount + (subscription.tax_amount_next ?? 0);
  return tr.t("checkout.perInterval", {
    amount: tr.money(total, subscription.currency),
    interval: tr.t(
      subscription.recurring_interval === "year" ? "checkout.interval_year" : "checkout.interval_month",
    ),
  });
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
  tr: Translator = english,
): string | null {
  if (!subscription.discount || isEnded(subscription)) return null;
  const schedule = { ...subscription, amount: subscription.price_amount };
  const line = describePriceSchedule(schedule, tr);
  if (line === describePriceSchedule({ ...schedule, discount: null }, tr)) return null;
  return subscription.tax_amount_next ? tr.t("portal.beforeTax", { line }) : line;
}

/** The one line about what happens next: the next charge, the scheduled end, or the end. */
export function scheduleLine(subscription: PortalSubscription, tr: Translator = english): string | null {
  const date = (iso: string) => formatDate(iso, tr);
  if (isEnded(subscription)) {
    const ended = subscription.ended_at ?? subscription.ends_at;
    return ended ? tr.t("portal.endedOn", { date: date(ended) }) : tr.t("portal.ended");
  }
  if (subscription.cancel_at_period_end) {
    const ends = subscription.ends_at ?? subscription.current_period_end;
    return ends ? tr.t("portal.cancelsOn", { date: date(ends) }) : tr.t("portal.cancelsAtPeriodEnd");
  }
  if (subscription.status === "past_due") return tr.t("portal.lastPaymentFailed");
  if (subscription.status === "trialing" && subscription.trial_end) {
    return tr.t("portal.trialUntil", { date: date(subscription.trial_end) });
  }
  return subscription.current_period_end
    ? tr.t("portal.nextChargeOn", { date: date(subscription.current_period_end) })
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

export function paymentMethodLabel(
  method: PortalSubscription["payment_method"],
  tr: Translator = english,
): string {
  if (!method) return tr.t("portal.noCard");
  const brand = method.brand ? (BRANDS[method.brand] ?? method.brand) : tr.t("portal.card");
  return method.last4 ? tr.t("portal.cardEnding", { brand, last4: method.last4 }) : brand;
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

const KEY_TONE: Record<PortalLicenseKey["status"], Tone> = {
  granted: "success",
  revoked: "danger",
  disabled: "neutral",
};

export function licenseKeyStatus(key: Pick<PortalLicenseKey, "status">, tr: Translator = english) {
  return { label: tr.t(`portal.key_${key.status}`), tone: KEY_TONE[key.status] };
}

/** "Valid until Nov 24, 2027 · 1 of 2 devices · used 3 of 10 times". */
export function licenseKeyFacts(
  key: Pick<
    PortalLicenseKey,
    "expires_at" | "limit_activations" | "usage" | "limit_usage" | "activations" | "subscription"
  >,
  tr: Translator = english,
): string {
  const devices = key.activations.length;
  return [
    keyExpiryLabel(key, key.subscription ?? null, (iso) => formatDate(iso, tr), tr),
    key.limit_activations ? tr.plural("portal.devicesOf", key.limit_activations, { used: devices }) : null,
    key.limit_usage
      ? tr.t("portal.usedOf", { usage: key.usage, limit: key.limit_usage })
      : key.usage
        ? tr.t("portal.used", { usage: key.usage })
        : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
