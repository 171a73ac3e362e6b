// Free trials (docs/subscriptions.md "Trials"): a product, a checkout link or one checkout offers N
// days, weeks, months or years before a subscription's first charge. The checkout saves the card
// without charging; the subscription is `trialing` from its start to `trial_end`, when its first
// renewal charges (./renewals.ts) and its billing periods start: a trial subscription's periods and
// discount are counted from `trial_end` (`billingAnchor`). One trial per customer when the
// organization prevents trial abuse: by email and, where the processor tells it, by card.
// Pure (no database): the checkout page and the portal read these too.
import { addInterval } from "./periods";
import type { Translator } from "../i18n/translator";

export type TrialInterval = "day" | "week" | "month" | "year";
export type Trial = { interval: TrialInterval; count: number };

type TrialFields = { trial_interval: TrialInterval | null; trial_interval_count: number | null };

/** A row's trial, when both of its fields are set. */
export function trialOf(row: TrialFields): Trial | null {
  return row.trial_interval && row.trial_interval_count
    ? { interval: row.trial_interval, count: row.trial_interval_count }
    : null;
}

/**
 * The trial a checkout gives: none for a one-time or free price, nor when the session disallows it;
 * else the session's own trial (set by the merchant or its checkout link) or the product's.
 */
export function activeTrial(input: {
  allowTrial: boolean;
  session: TrialFields;
  product: TrialFields;
  price: { type: string; amount_type: string };
}): Trial | null {
  if (!input.allowTrial || input.price.type !== "recurring" || input.price.amount_type === "free")
    return null;
  return trialOf(input.session) ?? trialOf(input.product);
}

/** When a trial that starts at `start` ends (days and weeks are 24-hour days, in UTC). */
export function trialEnd(start: Date, trial: Trial): Date {
  if (trial.interval === "day" || trial.interval === "week") {
    const days = trial.interval === "week" ? 7 * trial.count : trial.count;
    return new Date(start.getTime() + days * 86_400_000);
  }
  return addInterval(start, trial.interval, trial.count);
}

/** "14 days", "1 month", in the buyer's language (docs/i18n.md). */
export function describeTrial(trial: Trial, tr: Translator): string {
  return tr.plural(`checkout.trial_${trial.interval}`, trial.count);
}

/**
 * Where a subscription's billing periods and its discount's months are counted from: the end of
 * its trial (its first paid period's start), or its start.
 */
export function billingAnchor(subscription: {
  trial_end: Date | null;
  started_at: Date | null;
  created_at: Date;
}): Date {
  return subscription.trial_end ?? subscription.started_at ?? subscription.created_at;
}

/**
 * Where the billing periods are counted from: the renewal date the merchant moved to, or the
 * renewal where the subscription changed billing interval (`period_anchor_at`), else the
 * billing anchor. Discounts keep counting from the billing anchor.
 */
export function periodAnchor(
  subscription: Parameters<typeof billingAnchor>[0] & { period_anchor_at: Date | null },
): Date {
  return subscription.period_anchor_at ?? billingAnchor(subscription);
}
