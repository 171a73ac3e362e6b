// When a failed delivery is tried again: the delays after the 1st, 2nd, ... failed attempt, about
// three days in all (5 s + 5 min + 30 min + 2 h + 5 h + 10 h + 14 h + 20 h + 24 h = 75 h 35 min),
// each spread by ±10 % so that endpoints that failed together (an outage) are not all retried in
// the same second. After the 10th attempt (the first one and 9 retries) the delivery has failed.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
] as const;

export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const RETRY_JITTER = 0.1;

/** An endpoint failing for this long, at its next failure, is disabled. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * HOUR;

/**
 * The delay before the next attempt after `attemptsMade` attempts all failed, or null when none is
 * left. `random` (0 ≤ r < 1) picks the jitter: 0.5 gives the schedule's exact value.
 */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) throw new RangeError("attemptsMade must be ≥ 1");
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined) return null;
  const factor = 1 - RETRY_JITTER + 2 * RETRY_JITTER * random();
  return Math.round(base * factor);
}
