// Processing one stored Stripe event (./webhook.ts). The object is re-read from Stripe, never taken
// from the event: events arrive late, twice and out of order, so only Stripe's current state is
// acted on, through the same paths as a live answer (lib/payments/outcomes.ts for payments and
// refunds: an outcome already recorded is not recorded again), and disputes go to their domain:
// both through the handlers the composition root gives (lib/composition/jobs.ts).
import type Stripe from "stripe";
import type { Db } from "../db/client";
import type { ProcessorDisputeInput } from "../disputes/schemas";
import type { JobHandler } from "../jobs/queue";
import type { PaymentDetails, PaymentLookup } from "../payments/processor";
import type { AttemptRef } from "../payments/outcomes";
import { idOf, stripeClient } from "./client";
import { stripeCredentials } from "./credentials";
import {
  paymentIntentResult,
  refundResult,
  setupIntentResult,
  setupLookup,
  STRIPE_PROCESSOR,
} from "./processor";

export type StripeEventHandlers = {
  /**
   * Records a payment's (or refund's) outcome through the one path every outcome takes
   * (lib/payments/outcomes.ts, with every domain's handlers: any attempt may be concerned); null
   * when no attempt has that reference.
   */
  recordOutcome: (db: Db, ref: AttemptRef, outcome: PaymentLookup, now: Date) => Promise<unknown>;
  /** Records a dispute's current state (lib/disputes/). */
  recordDispute: (db: Db, dispute: ProcessorDisputeInput, now: Date) => Promise<unknown>;
  /** Shows a saved card's new number or expiry wherever it is saved (lib/payments/saved-cards.ts). */
  updateSavedCards: (
    db: Db,
    where: { organizationId: string; processor: string; refEndsWith: string },
    card: NonNullable<PaymentDetails["card"]>,
    now: Date,
  ) => Promise<unknown>;
};

type Payload = { event_id: string };

/** The intent's state as an outcome, or null while it is not settled either way. */
function intentOutcome(intent: Stripe.PaymentIntent): PaymentLookup | null {
  if (intent.status === "requires_confirmation" || intent.status === "requires_capture") return null;
  if (intent.status === "requires_payment_method" && !intent.last_payment_error) return null;
  return paymentIntentResult(intent, Boolean(intent.setup_future_usage));
}

async function applyOutcome(
  db: Db,
  handlers: StripeEventHandlers,
  paymentId: string,
  attemptKey: string | undefined,
  outcome: PaymentLookup,
  now: Date,
) {
  const recorded = await handlers.recordOutcome(db, { processor: STRIPE_PROCESSOR, paymentId }, outcome, now);
  // Our id not recorded yet (the event came before our commit): the key in the metadata finds it.
  if (!recorded && attemptKey) {
    await handlers.recordOutcome(db, { idempotencyKey: attemptKey }, outcome, now);
  }
}

async function process(
  db: Db,
  handlers: StripeEventHandlers,
  event: { type: string; object_id: string; organization_id: string },
  stripe: Stripe,
  now: Date,
) {
  const organizationId = event.organization_id;
  const [resource] = event.type.split(".");
  if (resource === "payment_intent") {
    const intent = await stripe.paymentIntents.retrieve(event.object_id, { expand: ["latest_charge"] });
    const outcome = intentOutcome(intent);
    if (outcome) await applyOutcome(db, handlers, intent.id, intent.metadata?.attempt, outcome, now);
  } else if (resource === "setup_intent") {
    // A card saved after the buyer's 3-D Secure (a checkout with nothing due now, a new card in the
    // portal): settled as the live answer would have been; still waiting at the bank, nothing.
    const setup = await stripe.setupIntents.retrieve(event.object_id, { expand: ["payment_method"] });
    const outcome = setupLookup(setupIntentResult(setup));
    if (
      outcome.status !== "requires_action" &&
      !(setup.status === "requires_payment_method" && !setup.last_setup_error)
    ) {
      await applyOutcome(db, handlers, setup.id, setup.metadata?.attempt, outcome, now);
    }
  } else if (resource === "refund") {
    const refund = await stripe.refunds.retrieve(event.object_id);
    const result = refundResult(refund);
    const outcome: PaymentLookup =
      result.status === "failed"
        ? { status: "declined", code: result.code, message: result.message }
        : { status: result.status, payment_id: result.refund_id, payment_method_ref: null };
    await applyOutcome(db, handlers, refund.id, refund.metadata?.attempt, outcome, now);
  } else if (event.type.startsWith("charge.dispute.")) {
    const dispute = await stripe.disputes.retrieve(event.object_id);
    const paymentId = idOf(dispute.payment_intent);
    if (!paymentId) return;
    await handlers.recordDispute(
      db,
      {
        processor: STRIPE_PROCESSOR,
        processorDisputeId: dispute.id,
        paymentId,
        amount: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: dispute.evidence_details?.due_by
          ? new Date(dispute.evidence_details.due_by * 1000)
          : null,
      },
      now,
    );
  } else if (event.type === "payment_method.automatically_updated") {
    // The bank gave the card a new number or expiry: it keeps its id (renewals still charge it),
    // and the buyer now recognizes it by what Stripe says today.
    const method = await stripe.paymentMethods.retrieve(event.object_id);
    if (method.card) {
      await handlers.updateSavedCards(
        db,
        { organizationId, processor: STRIPE_PROCESSOR, refEndsWith: `/${method.id}` },
        {
          brand: method.card.brand ?? null,
          last4: method.card.last4 ?? null,
          exp_month: method.card.exp_month ?? null,
          exp_year: method.card.exp_year ?? null,
        },
        now,
      );
    }
  }
  // charge.refunded (refund.* carries it) needs nothing more.
}

export function processStripeEventJob(handlers: StripeEventHandlers): JobHandler<Payload> {
  return {
    maxAttempts: 20,
    ownsTransactions: true,
    run: async (db, payload, ctx) => {
      const event = await db.stripeEvent.findUnique({ where: { id: payload.event_id } });
      if (!event || event.processed_at) return;
      try {
        const credentials = await stripeCredentials(db, event.organization_id);
        if (credentials && event.object_id) {
          await process(
            db,
            handlers,
            { type: event.type, object_id: event.object_id, organization_id: event.organization_id },
            stripeClient(credentials.secretKey),
            ctx.now,
          );
        }
        await db.stripeEvent.update({
          where: { id: event.id },
          data: { processed_at: ctx.now, attempts: { increment: 1 } },
        });
      } catch (error) {
        await db.stripeEvent.update({
          where: { id: event.id },
          data: {
            attempts: { increment: 1 },
            last_error: String((error as Error)?.message ?? error).slice(0, 500),
          },
        });
        throw error;
      }
    },
  };
}
