// Plan changes (docs/subscriptions.md "Plan changes"): PATCH /v1/subscriptions/{id} with a
// `product_id` (the merchant), or the portal's (the buyer, when the organization allows customer
// updates), and their preview. The new product must be a subscription product of the organization
// with a fixed (or free) price in the subscription's currency (of its interval when it has one;
// another interval moves at the renewal, next_period, and counts periods from there). By
// `proration_behavior` (default: the organization's):
//   invoice      switch now and charge the difference for the rest of the period now (a credit,
//                when cheaper, is taken off the next renewal; a declined charge moves there too);
//   prorate      switch now; the difference (either way) is added to the next renewal;
//   next_period  switch at the next renewal (a pending update; nothing charged before).
// A trialing subscription switches now without proration: nothing was paid. The charge follows the
// rule of every payment here: the attempt is recorded and committed, the processor called after
// commit, the outcome recorded in a second transaction (./plan-switch.ts settles it).
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import type { Principal } from "../core/principal";
import type { Subscription } from "../generated/prisma/client";
import { ApiError, type Problem } from "../core/errors";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { lockRowForEvents } from "../webhooks/listeners";
import { withDeferredWebhookEvents } from "../webhooks/emit";
import { createPaymentAttempt } from "../payments/attempts";
import { splitTax, type TaxBehavior } from "../tax/tax-behavior";
import { chargeRenewalAttempt } from "./dunning";
import { emitSubscriptionEvents } from "./events";
import { isEnded } from "./lifecycle";
import { renewalAmounts } from "./renewal-amounts";
import { renewalPaymentOutcomes, type RenewalTerms } from "./renewal-outcome";
import { choosePlanPrice, planPrices, switchPlan, type PlanTarget } from "./plan-switch";

export const PRORATION_BEHAVIORS = ["invoice", "prorate", "next_period"] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];
export type PlanChange = { product_id: string; proration_behavior?: ProrationBehavior | null };

/**
 * The price difference for what is left of the period (before tax, in minor units, rounded):
 * positive for a dearer plan, negative for a cheaper one, 0 once the period is over.
 */
export function proratedDifference(input: {
  oldAmount: number;
  newAmount: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  if (length <= 0) return 0;
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), length);
  return Math.round(((input.newAmount - input.oldAmount) * left) / length);
}

/** Where the product was given: the PATCH's body, or the preview's query. */
type Source = "body" | "query";

const problem = (source: Source, msg: string, input: unknown): Problem => ({
  type: "value_error",
  loc: [source, "product_id"],
  msg,
  input,
});

/** The product's price the subscription would move to, or a 422 naming what is wrong. */
async function planTarget(
  db: DbOrTx,
  subscription: Subscription,
  productId: string,
  source: Source = "body",
): Promise<PlanTarget> {
  if (productId === subscription.product_id)
    throw ApiError.validation([problem(source, "The subscription is already on this product.", productId)]);
  const product = await db.product.findFirst({
    where: { id: productId, organization_id: subscription.organization_id },
    include: { prices: planPrices(subscription) },
  });
  const price = product ? choosePlanPrice(product.prices, subscription) : null;
  const refusal = !product
    ? "Product does not exist."
    : product.is_archived
      ? "Product is archived."
      : !product.is_recurring
        ? "A subscription can only move to another subscription product."
        : !price
          ? `The product has no fixed price in ${subscription.currency.toUpperCase()}: a subscription keeps its currency.`
          : null;
  if (refusal) throw ApiError.validation([problem(source, refusal, productId)]);
  return { productId, ...price! };
}

function assertChangeable(subscription: Subscription) {
  if (isEnded(subscription.status)) throw new ApiError("NotPermitted", "This subscription has ended.");
  if (subscription.status === "past_due")
    throw new ApiError("NotPermitted", "The last payment failed: the plan can change once it is paid.");
}

/** What a change does and costs, as the preview answers it and the change applies it. */
export type PlanChangeTerms = {
  product_id: string;
  proration_behavior: ProrationBehavior;
  /** When the subscription moves: now, or at the end of the current period. */
  applies_at: Date;
  /** The difference for the rest of the period, before tax (0 when nothing is prorated). */
  proration_amount: number;
  /** Charged now (invoice, a dearer plan): before tax, tax, total. */
  due_now: { subtotal: number; tax: number; total: number };
  /** The next renewal after the change: when, and what it will charge (tax included). */
  next_renewal: { at: Date | null; subtotal: number; tax: number; total: number };
  /** The EU reverse charge applies (no tax; docs/tax.md): recorded on the charge's order. Not answered. */
  reverse_charge: boolean;
  /** The subscription's tax behaviour and rate, for the charge's order. Not answered. */
  tax: { behavior: TaxBehavior; basisPoints: number };
  /** What is charged now in the price's terms (with tax for an inclusive price). Not answered. */
  charged_now: number;
};

async function planTerms(
  tx: DbOrTx,
  subscription: Subscription,
  target: PlanTarget,
  requested: ProrationBehavior | null | undefined,
  defaultBehavior: ProrationBehavior,
  now: Date,
  source: Source = "body",
): Promise<PlanChangeTerms> {
  const periodEnd = subscription.current_period_end ?? now;
  // Another billing interval (monthly to yearly) starts with a period of its own: at the renewal.
  // A trialing subscription moves now (nothing was paid; its first charge is the new plan's).
  const newInterval =
    target.interval !== subscription.recurring_interval && subscription.status !== "trialing";
  if (newInterval && requested && requested !== "next_period") {
    throw ApiError.invalid(
      [source, "proration_behavior"],
      `A change to a ${target.interval}ly plan takes effect at the renewal: use next_period.`,
      requested,
    );
  }
  const behavior = newInterval ? "next_period" : (requested ?? defaultBehavior);
  const later = behavior === "next_period" && subscription.status !== "trialing";
  const difference =
    later || subscription.status === "trialing"
      ? 0
      : proratedDifference({
          oldAmount: subscription.amount,
          newAmount: target.amount,
          periodStart: subscription.current_period_start,
          periodEnd,
          now,
        });
  const chargedNow = behavior === "invoice" && difference > 0 ? difference : 0;
  const carried = difference - chargedNow;
  const discount = subscription.discount_id
    ? await tx.discount.findUnique({ where: { id: subscription.discount_id } })
    : null;
  const next = await renewalAmounts(
    tx as Tx,
    {
      ...subscription,
      amount: target.amount,
      proration_balance: subscription.proration_balance + carried,
      discount,
    },
    periodEnd,
  );
  // The difference is in the price's terms: the tax is added to it or taken out of it.
  const due = splitTax(chargedNow, next.tax.basisPoints, next.tax.behavior);
  return {
    product_id: target.productId,
    proration_behavior: behavior,
    applies_at: later ? periodEnd : now,
    proration_amount: difference,
    due_now: { subtotal: due.net, tax: due.tax, total: due.total },
    next_renewal: {
      at: subscription.current_period_end,
      subtotal: next.amounts.subtotal_amount,
      tax: next.amounts.tax_amount,
      total: next.amounts.total_amount,
    },
    reverse_charge: next.reverseCharge,
    tax: next.tax,
    charged_now: chargedNow,
  };
}

async function organizationBehavior(db: DbOrTx, organizationId: string): Promise<ProrationBehavior> {
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { proration_behavior: true },
  });
  return organization.proration_behavior;
}

/** What the change would do, without doing it. */
export async function previewPlanChange(
  db: DbOrTx,
  subscription: Subscription,
  change: PlanChange,
  now = new Date(),
  source: Source = "body",
): Promise<PlanChangeTerms> {
  assertChangeable(subscription);
  const target = await planTarget(db, subscription, change.product_id, source);
  const fallback = await organizationBehavior(db, subscription.organization_id);
  return planTerms(db, subscription, target, change.proration_behavior, fallback, now, source);
}

/**
 * Applies the change to a subscription locked by the caller's transaction (in
 * withDeferredWebhookEvents); returns the charge to make after commit, if any.
 */
export async function applyPlanChange(tx: Tx, subscription: Subscription, change: PlanChange, now: Date) {
  const terms = await previewPlanChange(tx, subscription, change, now);
  const target = await planTarget(tx, subscription, change.product_id);
  if (terms.applies_at > now) {
    await tx.subscriptionPendingUpdate.upsert({
      where: { subscription_id: subscription.id },
      create: {
        id: randomUUID(),
        created_at: now,
        subscription_id: subscription.id,
        product_id: target.productId,
        applies_at: terms.applies_at,
      },
      update: { product_id: target.productId, applies_at: terms.applies_at, modified_at: now },
    });
    const after = await tx.subscription.update({
      where: { id: subscription.id },
      data: { modified_at: now },
    });
    await emitSubscriptionEvents(tx, subscription, after, now);
    return null;
  }
  const charged = terms.charged_now;
  await switchPlan(tx, subscription, target, terms.proration_amount - charged, now);
  if (!charged) return null;
  const chargeTerms: RenewalTerms = {
    period_end: (subscription.current_period_end ?? now).toISOString(),
    subtotal_amount: terms.due_now.subtotal,
    tax_amount: terms.due_now.tax,
    reverse_charge: terms.reverse_charge,
    tax_behavior: terms.tax.behavior,
    tax_basis_points: terms.tax.basisPoints,
    discount_id: null,
    billing_address: null,
    trigger: "plan_change",
  };
  return createPaymentAttempt(
    tx,
    {
      organizationId: subscription.organization_id,
      kind: "renewal",
      amount: terms.due_now.total,
      currency: subscription.currency,
      processor: subscription.payment_processor ?? "test",
      subscriptionId: subscription.id,
      reference: `plan:${subscription.id}:${now.toISOString()}`,
      paymentMethodRef: subscription.payment_method_ref,
      pendingChanges: chargeTerms as unknown as object,
    },
    now,
  );
}

/**
 * A plan change of a subscription `where` finds (the merchant's tenancy, or the buyer's own):
 * locked, applied and committed, then its charge made.
 */
export async function changePlan(
  db: Db,
  where: { id: string } & Record<string, unknown>,
  change: PlanChange,
  now = new Date(),
): Promise<void> {
  const attempt = await db.$transaction(
    (tx) =>
      withDeferredWebhookEvents(tx, async () => {
        foundOrThrow(await tx.subscription.findFirst({ where, select: { id: true } }));
        // Also reads who listens to the organization's events (no statement of its own).
        await lockRowForEvents(tx, "subscriptions", where.id);
        const subscription = await tx.subscription.findUniqueOrThrow({ where: { id: where.id } });
        return applyPlanChange(tx, subscription, change, now);
      }),
    { maxWait: 20_000, timeout: 15_000 },
  );
  if (attempt) await chargeRenewalAttempt(db, renewalPaymentOutcomes, attempt, now);
}

/** The merchant's preview of a change (GET /v1/subscriptions/{id}/plan-change-preview). */
export async function previewMerchantPlanChange(
  db: DbOrTx,
  principal: Principal,
  subscriptionId: string,
  change: PlanChange,
  now = new Date(),
) {
  const subscription = foundOrThrow(
    await db.subscription.findFirst({ where: { id: subscriptionId, ...tenantWhere(principal) } }),
  );
  return previewPlanChange(db, subscription, change, now, "query");
}
