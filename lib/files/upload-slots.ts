// How many uploads one process receives at once, in all and per caller (an access token or a
// dashboard session): each holds a temporary file and a share of the disk's bandwidth while it
// streams, so a burst of them is refused early with 429 and Retry-After instead of slowing every
// other upload. Counted in this process only (each instance has its own disk and memory).
// UPLOAD_CONCURRENCY (default 16) and UPLOAD_CONCURRENCY_PER_CALLER (default 4) set the caps.
import { ApiError } from "../core/errors";

const DEFAULT_PER_PROCESS = 16;
const DEFAULT_PER_CALLER = 4;
/** A slot frees when an upload ends: a 10 MiB upload on a slow link takes seconds. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

export function uploadConcurrency(): { perProcess: number; perCaller: number } {
  return {
    perProcess: setting("UPLOAD_CONCURRENCY", DEFAULT_PER_PROCESS),
    perCaller: setting("UPLOAD_CONCURRENCY_PER_CALLER", DEFAULT_PER_CALLER),
  };
}

// On globalThis: every bundle that loads this module (each route's) must count the same uploads.
type Counts = { inProgress: number; byCaller: Map<string, number> };
const holder = globalThis as unknown as { __uploadSlots?: Counts };
const counts = (holder.__uploadSlots ??= { inProgress: 0, byCaller: new Map() });

function tooManyUploads(detail: string): ApiError {
  return new ApiError("RateLimitExceeded", detail, {
    headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Takes an upload slot for `caller` (a token's or session's id), or throws 429 when this process
 * or this caller already receives as many uploads as allowed. Returns the function that frees it
 * (safe to call more than once).
 */
export function takeUploadSlot(caller: string): () => void {
  const caps = uploadConcurrency();
  const callerCount = counts.byCaller.get(caller) ?? 0;
  if (callerCount >= caps.perCaller) {
    throw tooManyUploads(
      `Too many uploads at once: at most ${caps.perCaller} per caller. Retry in ${UPLOAD_RETRY_AFTER_SECONDS} seconds.`,
    );
  }
  if (counts.inProgress >= caps.perProcess) {
    throw tooManyUploads(
      `The server is receiving too many uploads. Retry in ${UPLOAD_RETRY_AFTER_SECONDS} seconds.`,
    );
  }
  counts.inProgress++;
  counts.byCaller.set(caller, callerCount + 1);
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    counts.inProgress--;
    const left = (counts.byCaller.get(caller) ?? 1) - 1;
    if (left > 0) counts.byCaller.set(caller, left);
    else counts.byCaller.delete(caller);
  };
}

/** Uploads being received now (tests). */
export function uploadsInProgress(): number {
  return counts.inProgress;
}
