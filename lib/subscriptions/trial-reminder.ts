// The email before a trial's first charge (docs/subscriptions.md "Trials"): scheduled when the
// trial starts, for three days before it ends (none for a trial of three days or less: the
// purchase's confirmation says when it ends). The job re-reads the subscription, so a trial
// canceled, ended or cut short since sends nothing, and prices the charge as the renewal will.
import { resolveLocale } from "../i18n/locales";
import { localizedUrl } from "../i18n/links";
import type { Tx } from "../db/client";
import { enqueueJob, type JobHandler } from "../jobs/queue";
import { queueEmail } from "../email/queue";
import { portalUrl } from "../public-url";
import { subscriptionTrialEnding } from "../email/templates/subscription-trial-ending";
import { renewalAmounts } from "./renewal-amounts";
import type { Subscription } from "../generated/prisma/client";

export const TRIAL_REMINDER_JOB = "subscription.trial_reminder";
export const TRIAL_REMINDER_LEAD_MS = 3 * 86_400_000;

type TrialReminderPayload = { subscription_id: string; trial_end: string };

export async function scheduleTrialReminder(tx: Tx, subscription: Subscription, now: Date) {
  if (!subscription.trial_end) return;
  const runAt = new Date(subscription.trial_end.getTime() - TRIAL_REMINDER_LEAD_MS);
  if (runAt <= now) return;
  const trialEnd = subscription.trial_end.toISOString();
  await enqueueJob(
    tx,
    TRIAL_REMINDER_JOB,
    { subscription_id: subscription.id, trial_end: trialEnd } satisfies TrialReminderPayload,
    { dedupeKey: `trial-reminder:${subscription.id}:${trialEnd}`, runAt, now },
  );
}

export async function sendTrialReminder(tx: Tx, payload: TrialReminderPayload, now: Date) {
  const subscription = await tx.subscription.findUnique({
    where: { id: payload.subscription_id },
    include: {
      discount: true,
      organization: { select: { id: true, name: true, email: true, slug: true } },
      customer: { select: { email: true, name: true, locale: true } },
      product: { select: { name: true } },
    },
  });
  const trialEnd = subscription?.trial_end;
  if (!subscription || subscription.status !== "trialing" || subscription.cancel_at_period_end) return;
  if (!trialEnd || trialEnd.toISOString() !== payload.trial_end) return;
  const { amounts } = await renewalAmounts(tx, subscription, trialEnd);
  await queueEmail(tx, {
    template: subscriptionTrialEnding,
    data: {
      locale: resolveLocale([subscription.customer.locale]),
      customerName: subscription.customer.name,
      productName: subscription.product.name,
      trialEnd,
      amount: amounts.total_amount,
      currency: subscription.currency,
      recurringInterval: subscription.recurring_interval,
      portalUrl: localizedUrl(portalUrl(subscription.organization.slug), subscription.customer.locale),
    },
    organization: subscription.organization,
    to: subscription.customer.email,
    reference: `${subscriptionTrialEnding.kind}:${subscription.id}:${payload.trial_end}`,
    related: { customerId: subscription.customer_id, subscriptionId: subscription.id, orderId: null },
    now,
  });
}

export const trialReminderJob: JobHandler<TrialReminderPayload> = {
  run: (tx, payload, ctx) => sendTrialReminder(tx, payload, ctx.now),
};
