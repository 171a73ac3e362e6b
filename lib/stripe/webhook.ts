// Stripe's events for one organization (POST /v1/integrations/stripe/webhook/{organization_id};
// docs/payments.md, "Stripe"). The signature is checked on the raw body with the organization's
// webhook secret (Stripe-Signature: HMAC-SHA256 over `<t>.<body>` keyed by the whsec_ string, at
// most 300 s old), the event is stored by Stripe's id (a duplicate changes nothing) with a job to
// process it, and Stripe gets its 2xx at once, also for events the app does not use. The job
// (./events-job.ts) re-reads the object from Stripe before acting: events come late, twice and
// out of order, and one may arrive before our own commit.
import Stripe from "stripe";
import type { Db } from "../db/client";
import { ApiError } from "../core/errors";
import { enqueueJob } from "../jobs/enqueue";
import { stripeCredentials } from "./credentials";
import { STRIPE_WEBHOOK_EVENTS } from "./event-types";

export const PROCESS_STRIPE_EVENT_JOB = "stripe.process_event";
/** Stripe's own default: a signature older than this is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const verifier = Stripe.webhooks;

/** The id of the object an event is about (pi_…, re_…, du_…, pm_…), when it has one. */
function objectIdOf(event: Stripe.Event): string | null {
  const object = event.data?.object as { id?: unknown } | undefined;
  return typeof object?.id === "string" ? object.id.slice(0, 255) : null;
}

export async function receiveStripeEvent(
  db: Db,
  organizationId: string,
  rawBody: string,
  signature: string | null,
  now = new Date(),
): Promise<{ received: true }> {
  const organization = await db.organization.findFirst({
    where: { id: organizationId, blocked_at: null },
    select: { id: true },
  });
  const credentials = organization ? await stripeCredentials(db, organizationId) : null;
  if (!credentials) throw ApiError.notFound("No Stripe account is set up for this organization.");
  let event: Stripe.Event;
  try {
    event = verifier.constructEvent(
      rawBody,
      signature ?? "",
      credentials.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    throw new ApiError(
      "BadRequest",
      "The Stripe-Signature header does not match this body, or is older than 5 minutes.",
    );
  }
  if (typeof event.id !== "string" || !event.id.startsWith("evt_") || typeof event.type !== "string") {
    throw new ApiError("BadRequest", "This is not a Stripe event.");
  }
  const used = (STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type);
  await db.$transaction(async (tx) => {
    const stored = await tx.stripeEvent.createMany({
      data: [
        {
          id: event.id.slice(0, 255),
          received_at: now,
          organization_id: organizationId,
          type: event.type.slice(0, 100),
          livemode: Boolean(event.livemode),
          object_id: objectIdOf(event),
          // Events the app does not act on are kept as received, and done.
          processed_at: used ? null : now,
        },
      ],
      skipDuplicates: true,
    });
    if (stored.count && used) {
      await enqueueJob(tx, PROCESS_STRIPE_EVENT_JOB, { event_id: event.id }, { now, notify: true });
    }
  });
  return { received: true };
}
