// Pure helpers of the subscriptions list: status labels and tones, the filters read from the URL
// (only values the API accepts), and the price and period as a merchant reads them.
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
