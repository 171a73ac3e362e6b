// A dispute's statuses in the order its life runs through them, so a notice is judged by where it
// puts the dispute, not by when it arrived: processors send notices at least once and in any order,
// and an older "updated" arriving after "closed" must not reopen the dispute. An inquiry
// (`warning_*`) comes before a chargeback, a response before its review, and the final statuses
// last; a final status is never left.
import type { DisputeStatus } from "./schemas";

const STAGE: Record<DisputeStatus, number> = {
  warning_needs_response: 0,
  warning_under_review: 1,
  needs_response: 2,
  under_review: 3,
  warning_closed: 4,
  won: 4,
  lost: 4,
};

const CLOSED: ReadonlySet<DisputeStatus> = new Set(["warning_closed", "won", "lost"]);

export function isClosedStatus(status: DisputeStatus): boolean {
  return CLOSED.has(status);
}

/** What a notice does to the dispute as it stands. */
export type DisputeChange =
  /** Older than what is recorded, or a final status already reached: nothing changes. */
  | "stale"
  /** Same stage: its details may have changed (an evidence deadline, an amount). */
  | "same_stage"
  /** A later stage that is not final. */
  | "advanced"
  /** A final status reached now. */
  | "closed";

export function judgeNotice(current: DisputeStatus, notice: DisputeStatus): DisputeChange {
  if (isClosedStatus(current)) return "stale";
  if (STAGE[notice] < STAGE[current]) return "stale";
  if (isClosedStatus(notice)) return "closed";
  return STAGE[notice] === STAGE[current] ? "same_stage" : "advanced";
}
