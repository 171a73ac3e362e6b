// GET /v1/subscriptions/{id}/dunning: what was tried to collect the subscription's payments (the
// renewal charges, their retries and new cards, newest first) and when the next retry is due, so
// the merchant sees why a subscription is past_due or unpaid.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { dateTime } from "../core/schemas";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { RETRY_RENEWAL_JOB } from "./job-names";
import type { RenewalTerms } from "./renewal-outcome";

const ATTEMPTS_SHOWN = 50;

export const dunningAttemptSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  kind: z.enum(["charge", "setup", "renewal", "refund"]),
  status: z.enum(["pending", "requires_action", "succeeded", "failed"]),
  amount: z.number().int(),
  currency: z.string(),
  /** The period a renewal charge pays for (its end), null for other attempts. */
  period_end: dateTime.nullable(),
  /** 0: the renewal itself; n: its n-th scheduled retry; null: not a scheduled charge. */
  retry: z.number().int().nullable(),
  failure_code: z.string().nullable(),
  failure_reason: z.string().nullable(),
  resolved_at: dateTime.nullable(),
});

export const subscriptionDunningSchema = z.object({
  subscription_id: z.string(),
  status: z.string(),
  /** When the next scheduled retry runs, null when none is scheduled. */
  next_retry_at: dateTime.nullable(),
  /** The latest attempts, newest first (at most 50). */
  attempts: z.array(dunningAttemptSchema),
});

export async function getSubscriptionDunning(db: DbOrTx, principal: Principal, subscriptionId: string) {
  const subscription = foundOrThrow(
    await db.subscription.findFirst({
      where: { id: subscriptionId, ...tenantWhere(principal) },
      select: { id: true, status: true },
    }),
  );
  const [attempts, nextRetry] = await Promise.all([
    db.paymentAttempt.findMany({
      where: { subscription_id: subscription.id },
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      take: ATTEMPTS_SHOWN,
    }),
    db.job.findFirst({
      where: {
        name: RETRY_RENEWAL_JOB,
        status: "pending",
        payload: { path: ["subscription_id"], equals: subscription.id },
      },
      orderBy: { run_at: "asc" },
      select: { run_at: true },
    }),
  ]);
  return {
    subscription_id: subscription.id,
    status: subscription.status,
    next_retry_at: subscription.status === "past_due" ? (nextRetry?.run_at ?? null) : null,
    attempts: attempts.map((attempt) => {
      const terms = (attempt.kind === "renewal" ? attempt.pending_changes : null) as RenewalTerms | null;
      return {
        id: attempt.id,
        created_at: attempt.created_at,
        kind: attempt.kind,
        status: attempt.status,
        amount: attempt.amount,
        currency: attempt.currency,
        period_end: terms?.period_end ? new Date(terms.period_end) : null,
        retry: terms && terms.trigger !== "payment_method" ? (terms.retry ?? 0) : null,
        failure_code: attempt.failure_code,
        failure_reason: attempt.failure_reason,
        resolved_at: attempt.resolved_at,
      };
    }),
  };
}
