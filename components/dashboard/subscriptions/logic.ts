// Pure helpers of the subscriptions list: status labels and tones, the filters read from the URL
// (only values the API accepts), the price and period as a merchant reads them, and which changes
// a subscription allows (its row actions).
import { formatMoney } from "@/lib/money";
import type { BadgeTone } from "../ui/misc";
import { formatDate } from "../format";

export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_SORT_FIELDS = [
  "created_at",
  "started_at",
  "current_period_end",
  "amount",
  "status",
] as const;

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  trialing: "Trialing",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  unpaid: "Unpaid",
};

export const STATUS_TONES: Record<SubscriptionStatus, BadgeTone> = {
  incomplete: "zinc",
  incomplete_expired: "zinc",
  trialing: "blue",
  active: "green",
  past_due: "amber",
  canceled: "red",
  unpaid: "red",
};

/** The URL's `status` if the API knows it, else none. */
export function statusFrom(value: string | null): SubscriptionStatus | undefined {
  return SUBSCRIPTION_STATUSES.find((status) => status === value);
}

/** The URL's `active` ("true" / "false") as the API's filter, else none. */
export function activeFrom(value: string | null): boolean | undefined {
  return value === "true" ? true : value === "false" ? false : undefined;
}

/** "$10.00 / month". */
export function priceText(amount: number, currency: string, interval: "month" | "year"): string {
  return `${formatMoney(amount, currency)} / ${interval}`;
}

/** "Jan 1, 2030 – Feb 1, 2030"; an open end shows as "…". */
export function periodText(start: string, end: string | null): string {
  return `${formatDate(start)} – ${end ? formatDate(end) : "…"}`;
}

/** Statuses that are over: no change is possible any more. */
const ENDED: readonly SubscriptionStatus[] = ["canceled", "unpaid", "incomplete_expired"];

export type SubscriptionAction = "cancel" | "uncancel" | "revoke";

type ActionState = {
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
};

/**
 * What the merchant may do now: schedule the cancellation (or take it back while the period
 * lasts) and revoke; nothing once it has ended.
 */
export function subscriptionActions(subscription: ActionState, now = new Date()): SubscriptionAction[] {
  if (ENDED.includes(subscription.status)) return [];
  const periodOver =
    subscription.current_period_end !== null && new Date(subscription.current_period_end) <= now;
  if (!subscription.cancel_at_period_end) return ["cancel", "revoke"];
  return periodOver ? ["revoke"] : ["uncancel", "revoke"];
}

/** The cancellation column: "Ends Jan 1, 2030", "Ended Jan 1, 2030" or "No". */
export function cancellationText(subscription: {
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  ends_at: string | null;
  ended_at: string | null;
}): string {
  if (subscription.ended_at) return `Ended ${formatDate(subscription.ended_at)}`;
  if (subscription.cancel_at_period_end && subscription.ends_at)
    return `Ends ${formatDate(subscription.ends_at)}`;
  return "No";
}

export const CANCELLATION_REASON_LABELS = {
  customer_service: "Customer service",
  low_quality: "Low quality",
  missing_features: "Missing features",
  switched_service: "Switched service",
  too_complex: "Too complex",
  too_expensive: "Too expensive",
  unused: "Unused",
  other: "Other",
} as const;
export type CancellationReason = keyof typeof CANCELLATION_REASON_LABELS;

/** A plan change is for a subscription that is live and paid up (lib/subscriptions/plan-change.ts). */
export function canChangePlan(subscription: { status: string }): boolean {
  return ["active", "trialing"].includes(subscription.status);
}

/**
 * The instant a date picked in the dashboard ("YYYY-MM-DD") stands for: that day at the time of day
 * (UTC) of the date it replaces, so a renewal keeps its hour. Null for a value that is not a date.
 */
export function movedInstant(day: string, replaced: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const instant = new Date(`${day}T${new Date(replaced).toISOString().slice(11)}`);
  // A day the calendar lacks (02-30) is refused, not rolled over into the next month.
  return Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) !== day
    ? null
    : instant.toISOString();
}

/** Which of a subscription's dates the merchant may move: the trial's end, the period's, or none. */
export function movableDate(subscription: {
  status: string;
}): "trial_end" | "current_billing_period_end" | null {
  if (subscription.status === "trialing") return "trial_end";
  return subscription.status === "active" ? "current_billing_period_end" : null;
}
