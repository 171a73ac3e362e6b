-- Where a subscription's billing periods are counted from, when not from its start or its trial's
-- end (issue 31, docs/subscriptions.md "Adjusting dates" and "Plan changes"): the renewal date the
-- merchant moved to, or the renewal at which a plan change moved to another billing interval.
ALTER TABLE "subscriptions" ADD COLUMN "period_anchor_at" TIMESTAMP(3);
