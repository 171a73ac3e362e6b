-- A job enqueued with `onDuplicate: "rerun"` while its deduplicated twin is running sets this flag
-- (lib/jobs/queue.ts): the running claim may have read the state before the enqueueing change, so
-- when it finishes the queue schedules the job once more instead of letting the key go. Cleared
-- at each claim, since a claim reads the state afresh.
ALTER TABLE "jobs" ADD COLUMN "rerun_requested" BOOLEAN NOT NULL DEFAULT false;
