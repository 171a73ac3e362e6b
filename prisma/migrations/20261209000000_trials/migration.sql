-- Free trials (issue 31, docs/subscriptions.md "Trials"): a product (or a checkout link, or one
-- checkout) offers a trial of N days, weeks, months or years before the first charge; the
-- checkout saves the card without charging, the subscription is `trialing` until trial_end, and
-- its first renewal charges. One trial per customer when the organization prevents trial abuse
-- (by email, and by card where the processor tells the card's fingerprint).
CREATE TYPE "TrialInterval" AS ENUM ('day', 'week', 'month', 'year');

ALTER TABLE "products" ADD COLUMN "trial_interval" "TrialInterval",
                       ADD COLUMN "trial_interval_count" INTEGER;
ALTER TABLE "checkout_links" ADD COLUMN "trial_interval" "TrialInterval",
                             ADD COLUMN "trial_interval_count" INTEGER;
ALTER TABLE "checkout_sessions" ADD COLUMN "trial_interval" "TrialInterval",
                                ADD COLUMN "trial_interval_count" INTEGER,
                                ADD COLUMN "allow_trial" BOOLEAN NOT NULL DEFAULT true,
                                ADD COLUMN "trial_end" TIMESTAMP(3);
ALTER TABLE "subscriptions" ADD COLUMN "trial_start" TIMESTAMP(3),
                            ADD COLUMN "trial_end" TIMESTAMP(3);
ALTER TABLE "organizations" ADD COLUMN "prevent_trial_abuse" BOOLEAN NOT NULL DEFAULT true;

-- Who had a trial: the one-trial-per-customer check reads a customer's trials.
CREATE INDEX "subscriptions_customer_id_trial_start_idx" ON "subscriptions"("customer_id", "trial_start");
