// Confirm (contract sections 4 and 6): the buyer's last changes, every check at once, the payment,
// then in the same transaction the customer, the discount redemption, `confirmed`, and the durable
// order-processing job. The session row is locked, so of N simultaneous confirms one wins and the
// others find it no longer open; the discount row is locked, so max_redemptions always holds.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { ApiError, type Problem } from "../api/errors";
import { randomSecret, sha256Hex } from "../crypto";
import { enqueueJob } from "../jobs/queue";
import { releaseRedemption } from "../discounts/redemptions";
import { kickWorker } from "../jobs/runtime";
import { PROCESS_CHECKOUT_JOB } from "../orders/processing";
import { paymentProcessor, type PaymentResult } from "../payments";
import { type ConfirmCheckoutBody, toCheckoutClient } from "./schemas";
import { findClientCheckout, lockClientCheckout } from "./client";
import { assertOpen } from "./service";
import { resolveChanges, type ResolvedChanges } from "./changes";
import { discountRefusal } from "./pricing";
import { validateCustomFieldData } from "./custom-fields";

const CUSTOMER_SESSION_TTL_MS = 60 * 60 * 1000;

type Session = Awaited<ReturnType<typeof lockClientCheckout>>;
type Charge = { processor: string; paymentId: string; amount: number; sessionId: string };

/** Everything confirm requires of the session as it will be, as one list of problems. */
async function confirmProblems(
  tx: Tx,
  session: Session,
  body: ConfirmCheckoutBody,
  changes: ResolvedChanges,
  now: Date,
): Promise<Problem[]> {
  const { next } = changes;
  const problems = [...changes.problems];
  const missing = (loc: (string | number)[], input: unknown = null) =>
    problems.push({ type: "missing", loc, msg: "Field required", input });

  const setupRequired = next.price.type === "recurring" && next.price.amount_type !== "free";
  const paymentRequired = next.totalAmount > 0;
  if (!next.customerEmail) missing(["body", "customer_email"]);
  if (paymentRequired || setupRequired) {
    if (!next.customerName) missing(["body", "customer_name"]);
    if (!next.billingAddress?.country) missing(["body", "customer_billing_address", "country"]);
  }
  if (paymentRequired && !body.confirmation_token_id) missing(["body", "confirmation_token_id"]);

  const answers = validateCustomFieldData(session.product.attached_custom_fields, next.customFieldData, {
    requireAnswers: true,
  });
  problems.push(...answers.problems);

  if (next.price.is_archived || session.product.is_archived) {
    problems.push({
      type: "value_error",
      loc: ["body", "product_price_id"],
      msg: "Price is archived.",
      input: next.price.id,
    });
  }
  if (next.discount) {
    // Locked until commit: concurrent confirms redeem one at a time against a fresh count.
    await tx.$queryRaw`SELECT id FROM discounts WHERE id = ${next.discount.id}::uuid FOR UPDATE`;
    const fresh = await tx.discount.findUnique({ where: { id: next.discount.id } });
    const refusal = fresh
      ? await discountRefusal(tx, fresh, next.price, { now })
      : "Discount does not exist.";
    if (refusal)
      problems.push({
        type: "value_error",
        loc: ["body", "discount_id"],
        msg: refusal,
        input: next.discount.id,
      });
  }
  // One problem per location: an invalid answer is not also reported as missing.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify(p.loc);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The customer for this email in the organization, created on first purchase. */
async function findOrCreateCustomer(tx: Tx, session: Session, changes: ResolvedChanges, now: Date) {
  if (session.customer_id) return session.customer_id;
  const email = changes.next.customerEmail!.toLowerCase();
  const address = changes.next.billingAddress;
  // ON CONFLICT rather than find-then-create: two sessions of one buyer may confirm at once.
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO customers (id, created_at, organization_id, email, name, billing_address, tax_id, metadata)
    VALUES (${randomUUID()}::uuid, ${now.toISOString()}::timestamp, ${session.organization_id}::uuid, ${email},
            ${changes.next.customerName}, ${address ? JSON.stringify(address) : null}::jsonb,
            ${changes.next.customerTaxId}, ${JSON.stringify(session.customer_metadata ?? {})}::jsonb)
    ON CONFLICT (organization_id, email) DO UPDATE SET
      modified_at = EXCLUDED.created_at,
      name = COALESCE(EXCLUDED.name, customers.name),
      billing_address = COALESCE(EXCLUDED.billing_address, customers.billing_address)
    RETURNING id::text AS id`;
  return rows[0]!.id;
}

async function assertNoActiveSubscription(tx: Tx, session: Session, changes: ResolvedChanges) {
  if (changes.next.price.type !== "recurring" || session.organization.allow_multiple_subscriptions) return;
  const email = changes.next.customerEmail!.toLowerCase();
  const active = await tx.subscription.findFirst({
    where: {
      organization_id: session.organization_id,
      status: { in: ["active", "trialing", "past_due"] },
      customer: session.customer_id ? { id: session.customer_id } : { email },
    },
  });
  if (active) {
    throw new ApiError("AlreadyActiveSubscriptionError", "You already have an active subscription.");
  }
}

async function takePayment(session: Session, body: ConfirmCheckoutBody, changes: ResolvedChanges) {
  const { next } = changes;
  const processor = paymentProcessor(session.payment_processor);
  const token = body.confirmation_token_id;
  const saveForFutureUse = next.price.type === "recurring";
  const customer = { email: next.customerEmail!, name: next.customerName };
  let result: PaymentResult | null = null;
  if (next.totalAmount > 0) {
    result = await processor.createPayment({
      amount: next.totalAmount,
      currency: next.price.price_currency,
      token: token!,
      customer,
      saveForFutureUse,
      // A new token is a new attempt; the same one retried is the same payment.
      idempotencyKey: `checkout:${session.id}:${token}`,
    });
  } else if (saveForFutureUse && token) {
    const setup = await processor.setupPaymentMethod({ token, customer });
    result =
      setup.status === "declined"
        ? setup
        : { status: "succeeded", payment_id: "", payment_method_ref: setup.payment_method_ref };
  }
  if (result?.status === "declined") throw new ApiError("PaymentError", result.message);
  return result;
}

export async function confirmCheckout(
  db: Db,
  clientSecret: string,
  body: ConfirmCheckoutBody,
  now = new Date(),
) {
  // Most duplicate confirms stop here, without waiting for the lock.
  assertOpen(await findClientCheckout(db, clientSecret), now);

  // Set once money is taken, so a confirmation that then fails to commit can be refunded.
  const charged: { current: Charge | null } = { current: null };
  try {
    const confirmed = await db.$transaction(
      async (tx) => {
        const session = await lockClientCheckout(tx, clientSecret);
        assertOpen(session, now);
        const changes = await resolveChanges(tx, session, body, "buyer", now);
        const problems = await confirmProblems(tx, session, body, changes, now);
        if (problems.length) throw ApiError.validation(problems);
        await assertNoActiveSubscription(tx, session, changes);

        const payment = await takePayment(session, body, changes);
        if (payment?.payment_id) {
          charged.current = {
            processor: session.payment_processor,
            paymentId: payment.payment_id,
            amount: changes.next.totalAmount,
            sessionId: session.id,
          };
        }

        const customerId = await findOrCreateCustomer(tx, session, changes, now);
        if (changes.next.discount) {
          await tx.discountRedemption.create({
            data: {
              id: randomUUID(),
              created_at: now,
              discount_id: changes.next.discount.id,
              checkout_id: session.id,
            },
          });
          await tx.discount.update({
            where: { id: changes.next.discount.id },
            data: { redemptions_count: { increment: 1 } },
          });
        }
        await tx.checkoutSession.update({
          where: { id: session.id },
          data: {
            ...changes.data,
            status: "confirmed",
            confirmed_at: now,
            customer_id: customerId,
            payment_id: payment?.payment_id || null,
            payment_method_ref: payment?.payment_method_ref ?? null,
          },
        });
        // A pending payment is processed when the processor reports it settled (recordPaymentOutcome).
        if (payment?.status !== "pending") {
          await enqueueJob(
            tx,
            PROCESS_CHECKOUT_JOB,
            { checkout_id: session.id },
            { dedupeKey: `checkout:${session.id}` },
          );
        }

        const token = randomSecret("cst_");
        await tx.customerSession.create({
          data: {
            id: randomUUID(),
            created_at: now,
            customer_id: customerId,
            token_hash: sha256Hex(token),
            expires_at: new Date(now.getTime() + CUSTOMER_SESSION_TTL_MS),
          },
        });
        return {
          ...toCheckoutClient(await findClientCheckout(tx, clientSecret)),
          customer_session_token: token,
        };
      },
      // Simultaneous confirms queue on the row lock; give them time rather than a pool timeout.
      { maxWait: 20_000, timeout: 30_000 },
    );
    kickWorker();
    return confirmed;
  } catch (error) {
    await refundUncommitted(charged.current, error);
    throw error;
  }
}

/** Money was taken but the confirmation did not commit: give it back rather than keep it. */
async function refundUncommitted(charged: Charge | null, cause: unknown) {
  if (!charged) return;
  try {
    await paymentProcessor(charged.processor).refund({
      paymentId: charged.paymentId,
      amount: charged.amount,
      idempotencyKey: `refund:${charged.paymentId}`,
    });
  } catch (refundError) {
    console.error(
      `Refund of ${charged.paymentId} (checkout ${charged.sessionId}) failed after`,
      cause,
      refundError,
    );
  }
}

/**
 * A processor's asynchronous notification for a payment it reported `pending` at confirm: settled
 * payments get their order processed; failed ones fail the session.
 */
export async function recordPaymentOutcome(
  db: Db,
  input: { paymentId: string; outcome: "succeeded" | "failed"; reason?: string },
  now = new Date(),
) {
  await db.$transaction(async (tx) => {
    const session = await tx.checkoutSession.findFirst({
      where: { payment_id: input.paymentId, status: "confirmed" },
    });
    if (!session) return;
    if (input.outcome === "succeeded") {
      await enqueueJob(
        tx,
        PROCESS_CHECKOUT_JOB,
        { checkout_id: session.id },
        { dedupeKey: `checkout:${session.id}` },
      );
    } else {
      await tx.checkoutSession.update({
        where: { id: session.id },
        data: { status: "failed", failure_reason: input.reason ?? "Payment failed.", modified_at: now },
      });
      await releaseRedemption(tx, session.id);
    }
  });
  kickWorker();
}
