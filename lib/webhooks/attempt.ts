// One attempt of one webhook delivery, in the three steps of every call to the outside: record the
// attempt and commit (claimDueDelivery), call with no transaction or lock held (sendAttempt),
// record the outcome (recordOutcome). Each delivery has its own retry schedule: none waits behind
// another (docs/webhook-delivery.md).
//
// The attempt is counted, its next try scheduled and its lease (`in_flight_until`, the attempt's
// timeout plus a grace period) written BEFORE the call. While the lease is live the delivery is
// in flight: it is not claimed again, and it is shown as in flight. A worker that dies during the
// call leaves the lease to expire: the attempt then reads "no outcome" and the delivery is due
// again at its retry time, so it is sent again (at least once).
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { webhooksAllowPrivate } from "../config";
import type { JobContext } from "../jobs/queue";
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "../generated/prisma/client";
import type { LookupAll } from "./address-guard";
import { webhookEventBody } from "./emit";
import { DISABLE_AFTER_FAILING_MS, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import { signatureHeader, signingSecrets } from "./secrets";
import { DEFAULT_TIMEOUT_MS, sendWebhook, USER_AGENT, type SendResult } from "./send";

/** What an attempt that never got its outcome says once its lease has passed. */
export const NO_OUTCOME_ERROR = "No outcome recorded: the worker stopped during the call.";

/** How long past its timeout an attempt stays in flight before it is presumed lost. */
export const ATTEMPT_LEASE_GRACE_MS = 5_000;

export type AttemptOptions = {
  /** Per attempt, DNS included (tests shorten it). */
  timeoutMs?: number;
  /** The jitter of the retry schedule (tests fix it). */
  random?: () => number;
  lookup?: LookupAll;
};

export type ClaimedAttempt = {
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
  event: WebhookEvent;
  attemptId: string;
  attemptNumber: number;
  attemptAt: Date;
};

/**
 * The endpoint, locked until the transaction ends (null: deleted). Locks are always taken endpoint
 * first, then its deliveries (here, in the API's PATCH, rotate, DELETE and Retry now), so no two
 * transactions wait on each other in a circle. NO KEY UPDATE: the key-share lock of an event writer
 * inserting a delivery for the endpoint does not wait for it.
 */
export async function lockEndpoint(tx: Tx, endpointId: string): Promise<WebhookEndpoint | null> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM webhook_endpoints WHERE id = ${endpointId}::uuid FOR NO KEY UPDATE`;
  return locked ? tx.webhookEndpoint.findUnique({ where: { id: endpointId } }) : null;
}

/**
 * Transaction 1: the endpoint's oldest due delivery that is not in flight, with its attempt
 * recorded; "disabled" or "none" when there is nothing to send. A delivery whose last attempt
 * never got an outcome and had no retry left is closed as failed.
 */
export async function claimDueDelivery(
  db: Db,
  endpointId: string,
  now: Date,
  ctx: JobContext,
  options: AttemptOptions,
): Promise<ClaimedAttempt | "disabled" | "none"> {
  return db.$transaction(async (tx) => {
    // A worker that lost its job's lease starts nothing: the job's new holder sends.
    await ctx.assertHeld(tx);
    const endpoint = await lockEndpoint(tx, endpointId);
    // A disabled endpoint keeps its pending deliveries; enabling it queues this job again.
    if (!endpoint?.enabled) return "disabled";
    for (;;) {
      const delivery = await tx.webhookDelivery.findFirst({
        where: {
          endpoint_id: endpointId,
          status: "pending",
          next_attempt_at: { lte: now },
          OR: [{ in_flight_until: null }, { in_flight_until: { lte: now } }],
        },
        orderBy: { sequence: "asc" },
        include: { event: true },
      });
      if (!delivery) return "none";
      // Its last attempt's lease passed without an outcome (the worker stopped), and it was the last.
      if (delivery.in_flight_until && delivery.attempts >= MAX_DELIVERY_ATTEMPTS) {
        await tx.webhookDelivery.update({
          where: { id: delivery.id },
          data: { status: "failed", next_attempt_at: null, in_flight_until: null, modified_at: now },
        });
        continue;
      }
      const attemptNumber = delivery.attempts + 1;
      const leaseUntil = new Date(
        now.getTime() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + ATTEMPT_LEASE_GRACE_MS,
      );
      const delay = retryDelayMs(attemptNumber, options.random);
      // The last attempt has no retry: if its outcome never comes, the branch above closes it.
      const retryAt = delay === null ? leaseUntil : new Date(now.getTime() + delay);
      const attemptId = randomUUID();
      await tx.webhookDeliveryAttempt.create({
        data: { id: attemptId, created_at: now, delivery_id: delivery.id, error: NO_OUTCOME_ERROR },
      });
      await tx.webhookDelivery.update({
        where: { id: delivery.id },
        data: {
          attempts: attemptNumber,
          last_attempt_at: now,
          next_attempt_at: retryAt,
          in_flight_until: leaseUntil,
          modified_at: now,
        },
      });
      const { event, ...row } = delivery;
      return { endpoint, delivery: row, event, attemptId, attemptNumber, attemptAt: now };
    }
  });
}

/**
 * The call itself, outside any transaction. A secret or payload that cannot be opened (the server's
 * keys changed without APP_SECRET_PREVIOUS) is a failed attempt.
 */
export async function sendAttempt(step: ClaimedAttempt, options: AttemptOptions): Promise<SendResult> {
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
 * worker that outlived its lease cannot overwrite a later one). The endpoint's failure streak
 * starts at its first failed attempt and disables it once it has lasted DISABLE_AFTER_FAILING_MS.
 * A success ends the streak, and the endpoint being back, its deliveries waiting for a retry are
 * due now (the job running sends them at once). Answers whether any was.
 */
export async function recordOutcome(
  db: Db,
  step: ClaimedAttempt,
  result: SendResult,
  now: Date,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const endpoint = await lockEndpoint(tx, step.endpoint.id);
    // Deleted meanwhile, with its deliveries and attempts: nothing left to record.
    if (!endpoint) return false;
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
    const current = { id: step.delivery.id, status: "pending" as const, attempts: step.attemptNumber };
    if (result.succeeded) {
      await tx.webhookDelivery.updateMany({
        where: current,
        data: {
          status: "succeeded",
          succeeded_at: now,
          next_attempt_at: null,
          in_flight_until: null,
          modified_at: now,
        },
      });
      if (endpoint.failing_since) {
        await tx.webhookEndpoint.update({
          where: { id: endpoint.id },
          data: { failing_since: null, modified_at: now },
        });
        // Due as of this attempt's start: the run that made it claims them next.
        const pulled = await tx.webhookDelivery.updateMany({
          where: { endpoint_id: endpoint.id, status: "pending", next_attempt_at: { gt: step.attemptAt } },
          data: { next_attempt_at: step.attemptAt, modified_at: now },
        });
        return pulled.count > 0;
      }
      return false;
    }
    const isLast = step.attemptNumber >= MAX_DELIVERY_ATTEMPTS;
    await tx.webhookDelivery.updateMany({
      where: current,
      data: isLast
        ? { status: "failed", next_attempt_at: null, in_flight_until: null, modified_at: now }
        : { in_flight_until: null, modified_at: now },
    });
    const failingSince = endpoint.failing_since ?? step.attemptAt;
    const disable = endpoint.enabled && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
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
    return false;
  });
}
