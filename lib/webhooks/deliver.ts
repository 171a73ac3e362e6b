// Delivering webhooks: the `webhooks.deliver` job works ONE endpoint's queue, in `sequence` order,
// one delivery at a time. The head (the lowest pending sequence) blocks the ones behind it until it
// succeeds or runs out of retries (then it is `failed` and the next one goes): that is the order
// guarantee, "in creation order per endpoint". At most one such job exists per endpoint (its dedupe
// key), so two workers never send to one endpoint at once.
//
// Each attempt follows the rule for calls to the outside: record the attempt and commit, call with
// no transaction or lock held, record the outcome. The attempt is counted, and the next try
// scheduled, BEFORE the call: a worker that dies during the call leaves an attempt marked "no
// outcome" and the delivery due again at its retry time, so it is sent again (at least once).
//
// The `webhooks.sweep` recurring job is the safety net: every 30 s it queues the job of any enabled
// endpoint that has a due delivery and no job (one lost in a crash, a delivery written by hand).
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import { webhooksAllowPrivate } from "../config";
import type { JobContext, JobHandler, JobRunResult } from "../jobs/queue";
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "../generated/prisma/client";
import type { LookupAll } from "./address-guard";
import { DELIVER_WEBHOOKS_JOB, scheduleEndpointDelivery, webhookEventBody } from "./emit";
import { DISABLE_AFTER_FAILING_MS, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { signatureHeader, signingSecrets } from "./secrets";
import { DEFAULT_TIMEOUT_MS, sendWebhook, USER_AGENT, type SendResult } from "./send";

export { DELIVER_WEBHOOKS_JOB };
export const SWEEP_WEBHOOKS_JOB = "webhooks.sweep";

/** What an attempt that never got its outcome says (the worker stopped during the call). */
export const NO_OUTCOME_ERROR = "No outcome recorded: the worker stopped during the call.";

export type DeliveryOptions = {
  /** Per attempt, DNS included (tests shorten it). */
  timeoutMs?: number;
  /** The jitter of the retry schedule (tests fix it). */
  random?: () => number;
  lookup?: LookupAll;
  /** One run sends at most this many, or for this long, then lets other jobs have the worker. */
  maxPerRun?: number;
  budgetMs?: number;
};

/**
 * The endpoint, locked until the transaction ends (null: deleted). Locks are always taken endpoint
 * first, then its deliveries (here, and in the API's PATCH, rotate and DELETE), so no two
 * transactions wait on each other in a circle. NO KEY UPDATE: the key-share lock of an event writer
 * inserting a delivery for the endpoint does not wait for it.
 */
async function lockEndpoint(tx: Tx, endpointId: string): Promise<WebhookEndpoint | null> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM webhook_endpoints WHERE id = ${endpointId}::uuid FOR NO KEY UPDATE`;
  return locked ? tx.webhookEndpoint.findUnique({ where: { id: endpointId } }) : null;
}

type Claimed = {
  kind: "send";
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
  event: WebhookEvent;
  attemptId: string;
  attemptNumber: number;
  attemptAt: Date;
};
type Step = Claimed | { kind: "idle" } | { kind: "later"; at: Date };

/**
 * Transaction 1: finds the endpoint's head delivery and, when it is due, records the attempt.
 * Deliveries whose last attempt never got an outcome and had no retry left are closed as failed.
 */
async function startAttempt(
  db: Db,
  endpointId: string,
  now: Date,
  ctx: JobContext,
  options: DeliveryOptions,
): Promise<Step> {
  return db.$transaction(async (tx) => {
    // A worker that lost its lease starts nothing: the job's new holder works the queue.
    await ctx.assertHeld(tx);
    // Every writer of an endpoint and its deliveries locks the endpoint first (see lockEndpoint).
    const endpoint = await lockEndpoint(tx, endpointId);
    // A disabled endpoint keeps its pending deliveries; enabling it queues this job again.
    if (!endpoint?.enabled) return { kind: "idle" };
    for (;;) {
      const delivery = await tx.webhookDelivery.findFirst({
        where: { endpoint_id: endpointId, status: "pending" },
        orderBy: { sequence: "asc" },
        include: { event: true },
      });
      if (!delivery) return { kind: "idle" };
      if (delivery.next_attempt_at && delivery.next_attempt_at > now)
        return { kind: "later", at: delivery.next_attempt_at };
      if (delivery.attempts >= MAX_DELIVERY_ATTEMPTS) {
        await tx.webhookDelivery.update({
          where: { id: delivery.id },
          data: { status: "failed", next_attempt_at: null, modified_at: now },
        });
        continue;
      }
      const attemptNumber = delivery.attempts + 1;
      const delay = retryDelayMs(attemptNumber, options.random);
      // The last attempt gets a grace period past its timeout: if its outcome never comes, the
      // delivery is closed as failed by the branch above.
      const retryAt = new Date(now.getTime() + (delay ?? 2 * (options.timeoutMs ?? DEFAULT_TIMEOUT_MS)));
      const attemptId = randomUUID();
      await tx.webhookDeliveryAttempt.create({
        data: { id: attemptId, created_at: now, delivery_id: delivery.id, error: NO_OUTCOME_ERROR },
      });
      await tx.webhookDelivery.update({
        where: { id: delivery.id },
        data: { attempts: attemptNumber, last_attempt_at: now, next_attempt_at: retryAt, modified_at: now },
      });
      const { event, ...row } = delivery;
      return { kind: "send", endpoint, delivery: row, event, attemptId, attemptNumber, attemptAt: now };
    }
  });
}

/**
 * The call itself, outside any transaction. A secret or payload that cannot be opened (the server's
 * keys changed without APP_SECRET_PREVIOUS) is a failed attempt.
 */
async function attempt(step: Claimed, options: DeliveryOptions): Promise<SendResult> {
  const timestamp = Math.floor(step.attemptAt.getTime() / 1000);
  let signature: string;
  let body: string;
  try {
    body = webhookEventBody(step.event);
    signature = signatureHeader(
      signingSecrets(step.endpoint, step.attemptAt),
      step.event.id,
      timestamp,
      body,
    );
  } catch {
    return {
      succeeded: false,
      httpStatus: null,
      error: "Cannot sign: the endpoint's secret or the event cannot be decrypted with this server's keys.",
      responseExcerpt: null,
      durationMs: 0,
    };
  }
  return sendWebhook({
    url: step.endpoint.url,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": step.event.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signature,
    },
    timeoutMs: options.timeoutMs,
    allowPrivate: webhooksAllowPrivate(),
    lookup: options.lookup,
  });
}

/**
 * Transaction 2: the outcome. The delivery changes only while it is still at this attempt (a
 * worker that outlived its lease cannot overwrite a later one); the endpoint's failure streak
 * starts at its first failed attempt, ends at a success, and disables it once it has lasted
 * DISABLE_AFTER_FAILING_MS.
 */
async function recordOutcome(db: Db, step: Claimed, result: SendResult, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const endpoint = await lockEndpoint(tx, step.endpoint.id);
    // Deleted meanwhile, with its deliveries and attempts: nothing left to record.
    if (!endpoint) return;
    await tx.webhookDeliveryAttempt.updateMany({
      where: { id: step.attemptId },
      data: {
        duration_ms: result.durationMs,
        http_status: result.httpStatus,
        succeeded: result.succeeded,
        error: result.error,
        response_excerpt: result.responseExcerpt,
      },
    });
    const isLast = step.attemptNumber >= MAX_DELIVERY_ATTEMPTS;
    const current = { id: step.delivery.id, status: "pending" as const, attempts: step.attemptNumber };
    if (result.succeeded) {
      await tx.webhookDelivery.updateMany({
        where: current,
        data: { status: "succeeded", succeeded_at: now, next_attempt_at: null, modified_at: now },
      });
      await tx.webhookEndpoint.updateMany({
        where: { id: step.endpoint.id, failing_since: { not: null } },
        data: { failing_since: null, modified_at: now },
      });
      return;
    }
    if (isLast)
      await tx.webhookDelivery.updateMany({
        where: current,
        data: { status: "failed", next_attempt_at: null, modified_at: now },
      });
    const failingSince = endpoint.failing_since ?? step.attemptAt;
    const disable = endpoint.enabled && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
    await tx.webhookEndpoint.update({
      where: { id: step.endpoint.id },
      data: {
        failing_since: failingSince,
        modified_at: now,
        ...(disable
          ? {
              enabled: false,
              disabled_at: now,
              disabled_reason:
                `Disabled after failing continuously since ${failingSince.toISOString()}. ` +
                `Last error: ${result.error ?? "unknown"}`,
            }
          : {}),
      },
    });
  });
}

/**
 * Works the endpoint's queue until it is empty, its head is not yet due (the job is then queued
 * again for that time), or this run's share is used up.
 */
export async function deliverEndpointQueue(
  db: Db,
  endpointId: string,
  ctx: JobContext,
  options: DeliveryOptions = {},
): Promise<JobRunResult | void> {
  const startedAt = Date.now();
  // The job's clock (injected in tests) moved on by the real time this run has taken.
  const clock = () => new Date(ctx.now.getTime() + (Date.now() - startedAt));
  const maxPerRun = options.maxPerRun ?? 50;
  const budgetMs = options.budgetMs ?? 30_000;
  for (let sent = 0; ; sent++) {
    if (sent >= maxPerRun || Date.now() - startedAt >= budgetMs) return { runAgainAt: clock() };
    // The run's first attempt is at the job's own time (exactly: tests inject it); later ones as
    // the run's real time moves on, so a run's attempts are stamped in order.
    const step = await startAttempt(db, endpointId, sent === 0 ? ctx.now : clock(), ctx, options);
    if (step.kind === "idle") return;
    if (step.kind === "later") return { runAgainAt: step.at };
    const result = await attempt(step, options);
    await recordOutcome(db, step, result, clock());
  }
}

export function createDeliverWebhooksJob(options: DeliveryOptions = {}): JobHandler<{ endpoint_id: string }> {
  return {
    ownsTransactions: true,
    // A run sends for up to `budgetMs` plus one attempt's timeout; its lease is renewed meanwhile.
    timeoutMs: 120_000,
    run: (db, payload, ctx) => deliverEndpointQueue(db, payload.endpoint_id, ctx, options),
  };
}

export const deliverWebhooksJob = createDeliverWebhooksJob();

const SWEEP_BATCH = 500;

/** Enabled endpoints with a due delivery and no delivery job: the sweep queues their job. */
export async function endpointsToSweep(db: DbOrTx, now: Date): Promise<{ id: string }[]> {
  return db.$queryRaw<{ id: string }[]>`
    SELECT e.id::text AS id FROM webhook_endpoints e
    WHERE e.enabled
      AND EXISTS (SELECT 1 FROM webhook_deliveries d
                  WHERE d.endpoint_id = e.id AND d.status = 'pending'
                    AND d.next_attempt_at <= ${now.toISOString()}::timestamp)
      AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = ${`${DELIVER_WEBHOOKS_JOB}:`} || e.id::text)
    LIMIT ${SWEEP_BATCH}`;
}

export const sweepWebhooksJob: JobHandler = {
  repeatEveryMs: 30_000,
  run: async (tx, _payload, ctx) => {
    for (const { id } of await endpointsToSweep(tx, ctx.now)) await scheduleEndpointDelivery(tx, id, ctx.now);
  },
};
