// Billing periods. Months are added from the subscription's anchor (its start), clamped to the
// month's last day, so a subscription started on Jan 31 renews on Feb 28, then Mar 31, never drifting.

export type Interval = "month" | "year";

export function addInterval(anchor: Date, interval: Interval, count = 1): Date {
  const months = interval === "year" ? 12 * count : count;
  const target = new Date(anchor);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

/** The end of the period that follows the one ending at `currentEnd`, counted from `anchor`. */
export function nextPeriodEnd(anchor: Date, currentEnd: Date, interval: Interval): Date {
  for (let count = 1; ; count++) {
    const end = addInterval(anchor, interval, count);
    if (end > currentEnd) return end;
  }
}

/** Whole periods between the anchor and `at` (0 during the first period). */
export function periodsElapsed(anchor: Date, at: Date, interval: Interval): number {
  let count = 0;
  while (addInterval(anchor, interval, count + 1) <= at) count++;
  return count;
}
