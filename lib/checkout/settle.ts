// What a checkout's payment outcome does to the session. Confirm's synchronous answer, the
// processor's later notification and reconciliation all end here (through applyPaymentOutcome),
// so a payment settles the same way whichever path reports it.
import { randomUUID } from "node:crypto";
import { directSql } from "../db/direct";
import { updateRow } from "../db/row-writes";
import type { Tx } from "../db/client";
import { releaseRedemption } from "../discounts/redemptions";
import { Prisma, type CheckoutSession, type PaymentAttempt } from "../generated/prisma/client";
import { lockRowForEvents } from "../webhooks/listeners";
import { emitCustomerEvent } from "../customers/events";
import { emitCheckoutEvent } from "./events";
import { enqueueJob } from "../jobs/queue";
import { PROCESS_CHECKOUT_JOB } from "../orders/processing";
import { requestRefund } from "../payments/refunds";
import type { PaymentOutcomeHandlers } from "../payments/outcomes";

type SessionChanges = Prisma.CheckoutSessionUncheckedUpdateInput;

/** The buyer's last changes as JSON, kept on the attempt until its payment succeeds. */
export function storedChanges(changes: SessionChanges): Prisma.InputJsonObject {
  const { modified_at: _modifiedAt, ...rest } = changes;
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    stored[key] = value === Prisma.DbNull || value === Prisma.JsonNull ? null : value;
  }
  return stored as Prisma.InputJsonObject;
}

function changesFrom(stored: unknown): SessionChanges {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((stored ?? {}) as Record<string, unknown>)) {
    // JSON columns take DbNull for SQL NULL; the other columns take null.
    changes[key] = value === null && key === "customer_billing_address" ? Prisma.DbNull : value;
  }
  return changes as SessionChanges;
}

type CustomerFields = Pick<
  CheckoutSession,
  | "organization_id"
  | "customer_id"
  | "customer_email"
  | "customer_name"
  | "customer_billing_address"
  | "customer_tax_id"
  | "customer_tax_id_type"
  | "customer_tax_id_verified_at"
  | "customer_metadata"
  | "external_customer_id"
  | "locale"
>;

/** The session's customer fields once `changes` apply (no need to write and read them back). */
function customerFieldsAfter(session: CheckoutSession, changes: SessionChanges): CustomerFields {
  const after = <K extends keyof CustomerFields>(key: K): CustomerFields[K] => {
    if (!(key in changes)) return session[key];
    const value = (changes as Record<string, unknown>)[key];
    return (value === Prisma.DbNull || value === Prisma.JsonNull ? null : value) as CustomerFields[K];
  };
  return {
    organization_id: session.organization_id,
    customer_id: after("customer_id"),
    customer_email: after("customer_email"),
    customer_name: after("customer_name"),
    customer_billing_address: after("customer_billing_address"),
    customer_tax_id: after("customer_tax_id"),
    customer_tax_id_type: after("customer_tax_id_type"),
    // A Date, or its ISO text when the changes were kept as JSON on the payment attempt.
    customer_tax_id_verified_at: after("customer_tax_id_verified_at"),
    customer_metadata: after("customer_metadata"),
    external_customer_id: session.external_customer_id,
    locale: after("locale"),
  };
}

type FoundCustomer = { id: string; change: "customer.created" | "customer.updated" | null };

/**
 * The customer for the session's email in the organization, created on first purchase; `change`
 * says whether this created or updated it (the upsert refreshes a known buyer's details).
 */
async function findOrCreateCustomer(tx: Tx, session: CustomerFields, now: Date): Promise<FoundCustomer> {
  if (session.customer_id) return { id: session.customer_id, change: null };
  const externalId = session.external_customer_id;
  if (externalId) {
    // The merchant's own id for the buyer names the customer, whatever email this purchase used.
    const known = await tx.customer.findFirst({
      where: { organization_id: session.organization_id, external_id: externalId, deleted_at: null },
      select: { id: true },
    });
    if (known) return { id: known.id, change: null };
  }
  const email = session.customer_email!.toLowerCase();
  const address = session.customer_billing_address;
  const verifiedAt = session.customer_tax_id_verified_at;
  const taxIdVerifiedAt = verifiedAt ? new Date(verifiedAt).toISOString() : null;
  // ON CONFLICT rather than find-then-create: two sessions of one buyer may confirm at once. An
  // external id is set on a customer that has none, never replaced (it is set once, as the API does).
  // xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
  const rows = await directSql<{ id: string; inserted: boolean }>(
    tx,
    Prisma.sql`
    INSERT INTO customers (id, created_at, organization_id, email, name, billing_address, tax_id, tax_id_type,
                           tax_id_verified_at, metadata, external_id, locale)
    VALUES (${randomUUID()}::uuid, ${now.toISOString()}::timestamp, ${session.organization_id}::uuid, ${email},
            ${session.customer_name}, ${address ? JSON.stringify(address) : null}::jsonb,
            ${session.customer_tax_id}, ${session.customer_tax_id_type}, ${taxIdVerifiedAt}::timestamp,
            ${JSON.stringify(session.customer_metadata ?? {})}::jsonb, ${externalId}, ${session.locale})
    ON CONFLICT (organization_id, email) DO UPDATE SET
      modified_at = EXCLUDED.created_at,
      name = COALESCE(EXCLUDED.name, customers.name),
      billing_address = COALESCE(EXCLUDED.billing_address, customers.billing_address),
      -- The tax ID of this purchase, with its verification, replaces the known buyer's.
      tax_id = COALESCE(EXCLUDED.tax_id, customers.tax_id),
      tax_id_type = CASE WHEN EXCLUDED.tax_id IS NULL THEN customers.tax_id_type ELSE EXCLUDED.tax_id_type END,
      tax_id_verified_at = CASE WHEN EXCLUDED.tax_id IS NULL THEN customers.tax_id_verified_at
                                ELSE EXCLUDED.tax_id_verified_at END,
      external_id = COALESCE(customers.external_id, EXCLUDED.external_id),
      -- The language of the purchase becomes a known buyer's only while they have none (docs/i18n.md).
      locale = COALESCE(customers.locale, EXCLUDED.locale)
    RETURNING id::text AS id, (xmax = 0) AS inserted`,
  );
  return { id: rows[0]!.id, change: rows[0]!.inserted ? "customer.created" : "customer.updated" };
}

/**
 * Moves an open session to `confirmed` with the buyer's changes (and `alsoSet`), its customer and
 * its payment, in one update. The caller holds the session's row lock and passes the row as it
 * read it under that lock. Emits the customer's event and checkout.updated: callers that write
 * more afterwards run it inside `withDeferredWebhookEvents` (lib/webhooks/emit.ts). Returns the
 * customer id.
 */
export async function confirmCheckoutSession(
  tx: Tx,
  session: CheckoutSession,
  changes: SessionChanges,
  payment: { payment_id: string | null; payment_method_ref: string | null } | null,
  now: Date,
  alsoSet: SessionChanges = {},
): Promise<string> {
  const customer = await findOrCreateCustomer(tx, customerFieldsAfter(session, changes), now);
  const customerId = customer.id;
  // Written out (lib/db/row-writes.ts): Prisma's update returned the whole session, unused, and
  // cost 0.9 ms of CPU in-process, against 0.36 for a one-row statement sent straight.
  await updateRow(tx, "checkout_sessions", session.id, {
    ...changes,
    ...alsoSet,
    modified_at: now,
    status: "confirmed",
    confirmed_at: now,
    customer_id: customerId,
    payment_id: payment?.payment_id || null,
    payment_method_ref: payment?.payment_method_ref ?? null,
  } satisfies SessionChanges);
  const organization_id = session.organization_id;
  if (customer.change) await emitCustomerEvent(tx, customer.change, { id: customerId, organization_id }, now);
  await emitCheckoutEvent(tx, "checkout.updated", session, now);
  return customerId;
}

export function enqueueCheckoutProcessing(tx: Tx, checkoutId: string, now: Date) {
  return enqueueJob(
    tx,
    PROCESS_CHECKOUT_JOB,
    { checkout_id: checkoutId },
    { dedupeKey: `checkout:${checkoutId}`, now },
  );
}

/** Applies a checkout attempt's (charge or card setup) new status to its session. */
export async function settleCheckoutAttempt(tx: Tx, attempt: PaymentAttempt, now: Date): Promise<void> {
  if (!attempt.checkout_id) return;
  const session = await lockRowForEvents<CheckoutSession>(tx, "checkout_sessions", attempt.checkout_id);
  if (!session) return;
  const payment = {
    payment_id: attempt.processor_payment_id,
    payment_method_ref: attempt.payment_method_ref,
  };
  const ownPayment = session.status === "confirmed" && session.payment_id === attempt.processor_payment_id;
  const withoutAction = () => {
    const metadata = { ...((session.payment_processor_metadata ?? {}) as Record<string, unknown>) };
    delete metadata.next_action;
    delete metadata.intent_client_secret;
    return metadata as Prisma.InputJsonObject;
  };
  /** The processor's step for the buyer; Stripe's also as `intent_client_secret` (docs/payments.md). */
  const withAction = () => {
    const action = (attempt.client_action ?? {}) as Record<string, unknown>;
    return {
      ...withoutAction(),
      next_action: action as Prisma.InputJsonObject,
      ...(typeof action.client_secret === "string" ? { intent_client_secret: action.client_secret } : {}),
    };
  };

  switch (attempt.status) {
    case "succeeded":
      if (session.status === "open") {
        await confirmCheckoutSession(tx, session, changesFrom(attempt.pending_changes), payment, now, {
          payment_processor_metadata: withoutAction(),
        });
        await enqueueCheckoutProcessing(tx, session.id, now);
      } else if (ownPayment) {
        // Confirmed while `pending`; the processor now reports the money settled.
        await enqueueCheckoutProcessing(tx, session.id, now);
      } else if (attempt.processor_payment_id && attempt.amount > 0) {
        // Money arrived for a session that can no longer use it: give it back.
        await requestRefund(tx, attempt, now);
      }
      return;
    case "pending":
      // The buyer has done their part; the order waits for the processor's notification.
      if (session.status === "open") {
        await confirmCheckoutSession(tx, session, changesFrom(attempt.pending_changes), payment, now);
      }
      return;
    case "requires_action":
      if (session.status === "open") {
        await tx.checkoutSession.update({
          where: { id: session.id },
          data: {
            payment_processor_metadata: withAction(),
          },
        });
        await emitCheckoutEvent(tx, "checkout.updated", session, now);
      }
      return;
    case "failed":
      if (session.status === "open") {
        // The session stays open as it was: the reservation goes back, the buyer may retry.
        await releaseRedemption(tx, session.id);
        if ((session.payment_processor_metadata as Record<string, unknown> | null)?.next_action) {
          await tx.checkoutSession.update({
            where: { id: session.id },
            data: { payment_processor_metadata: withoutAction() },
          });
          await emitCheckoutEvent(tx, "checkout.updated", session, now);
        }
      } else if (ownPayment) {
        await tx.checkoutSession.update({
          where: { id: session.id },
          data: {
            status: "failed",
            failure_reason: attempt.failure_reason ?? "Payment failed.",
            modified_at: now,
          },
        });
        await releaseRedemption(tx, session.id);
        await emitCheckoutEvent(tx, "checkout.updated", session, now);
      }
      return;
  }
}

/** Checkout's payment outcomes (lib/payments/outcomes.ts): a charge or a card setup of a session. */
export const checkoutPaymentOutcomes: PaymentOutcomeHandlers = {
  charge: settleCheckoutAttempt,
  setup: settleCheckoutAttempt,
};
