// The buyer's subscriptions in the portal: what the next charge will be (before tax, and its tax),
// the card it will be charged to, and what the buyer may do: schedule the cancellation at the
// period's end (with a reason) or take it back, update the payment method, and change the plan
// when the organization allows customer updates (lib/subscriptions/plan-change.ts, with the
// organization's proration). Changes go through the subscriptions domain under the row lock.
import type { Prisma } from "../generated/prisma/client";
import type { Db, DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { pageOf, skipTake } from "../core/pagination";
import { sortOrder } from "../core/list";
import { saleTax, type TaxContext as SaleTaxContext } from "../checkout/amounts";
import { billingAnchor } from "../subscriptions/trial-terms";
import { periodCharge } from "../subscriptions/period-charge";
import { changePlan } from "../subscriptions/plan-change";
import { ApiError } from "../core/errors";
import { discountForAmounts, taxContextOf } from "../checkout/pricing";
import { discountAppliesTo } from "../subscriptions/renewals";
import { isEnded, scheduleCancellation } from "../subscriptions/lifecycle";
import {
  completeSubscriptionPaymentMethod,
  updateSubscriptionPaymentMethod,
} from "../subscriptions/payment-method";
import { defaultPaymentProcessorName, sessionProcessor } from "../payments/index";
import { STRIPE_PROCESSOR } from "../stripe/processor";
import { lockRowForEvents } from "../webhooks/listeners";
import { describeSavedCards } from "../payments/saved-cards";
import { checkoutProductInclude, toCheckoutProduct, toProductPrice } from "../products/schemas";
import { organizationResourceInclude, toPortalProductOrganization } from "../organizations/schemas";
import { toSubscription } from "../subscriptions/schemas";
import { customerWhere, foundOrThrow } from "./tenancy";
import type { PortalSubscriptionListQuery, UpdatePortalSubscriptionBody } from "./schemas";

const subscriptionInclude = {
  product: {
    include: { ...checkoutProductInclude, organization: { include: organizationResourceInclude } },
  },
  price: true,
  discount: true,
  pending_update: true,
} as const satisfies Prisma.SubscriptionInclude;

type SubscriptionRow = Prisma.SubscriptionGetPayload<{ include: typeof subscriptionInclude }>;

/**
 * What the view needs of the organization: its tax rates and the buyer's billing address (they
 * price the next charge), and its Stripe publishable key (a new card is entered in Stripe's form).
 */
type TaxContext = {
  sale: SaleTaxContext;
  address: { country?: string | null; state?: string | null } | null;
  /** The buyer's stored tax ID: a verified EU VAT number may make it a reverse charge (no tax). */
  taxIdType: string | null;
  taxIdVerified: boolean;
  publishableKey: string | null;
};

async function taxContext(db: DbOrTx, principal: CustomerPrincipal): Promise<TaxContext> {
  const [customer, sale, processor] = await Promise.all([
    db.customer.findUnique({
      where: { id: principal.customerId },
      select: { billing_address: true, tax_id_type: true, tax_id_verified_at: true },
    }),
    taxContextOf(db, principal.organizationId),
    sessionProcessor(db, principal.organizationId),
  ]);
  return {
    sale,
    address: (customer?.billing_address ?? null) as TaxContext["address"],
    taxIdType: customer?.tax_id_type ?? null,
    taxIdVerified: !!customer?.tax_id_verified_at,
    publishableKey: processor.publishableKey,
  };
}

type CardOf = Awaited<ReturnType<typeof describeSavedCards>>;

function toPortalSubscription(row: SubscriptionRow, tax: TaxContext, cardOf: CardOf) {
  // The next charge is for the period that starts when the current one ends (for a past_due
  // subscription, the unpaid one), with the discount if it still runs then.
  const nextPeriodStart = row.current_period_end ?? row.current_period_start;
  const anchor = billingAnchor(row);
  const discount =
    row.discount && discountAppliesTo(row.discount, anchor, nextPeriodStart) ? row.discount : null;
  const sale = saleTax(
    tax.sale,
    { address: tax.address, taxIdType: tax.taxIdType, taxIdVerified: tax.taxIdVerified },
    row.tax_behavior,
  );
  // With what a plan change carried to the next renewal (lib/subscriptions/period-charge.ts).
  const amounts = periodCharge({
    amount: row.amount,
    discount: discountForAmounts(discount, row.currency),
    balance: row.proration_balance,
    taxBasisPoints: sale.basisPoints,
    taxBehavior: sale.behavior,
  });
  const chargesAgain = !isEnded(row.status) && !row.cancel_at_period_end;
  // A new card goes through the processor of the subscription's card (lib/subscriptions/payment-method.ts).
  const processor = row.payment_processor ?? defaultPaymentProcessorName();
  // The subscription's own fields as the merchant's API shows them (not its metadata), then what
  // the buyer's view says differently: `amount` is the next charge, before tax.
  const { product, price, discount: _discount, pending_update: pending, ...columns } = row;
  const { metadata: _metadata, ...subscription } = toSubscription(columns);
  return {
    ...subscription,
    amount: amounts.subtotal_amount,
    product: {
      ...toCheckoutProduct(product),
      organization: toPortalProductOrganization(product.organization),
    },
    price: toProductPrice(price),
    prices: [toProductPrice(price)],
    meters: [],
    pending_update: pending ? { ...pending, seats: null, units: null } : null,
    payment_method: cardOf(row.payment_method_ref),
    payment_processor: processor,
    payment_processor_metadata:
      processor === STRIPE_PROCESSOR && tax.publishableKey ? { publishable_key: tax.publishableKey } : {},
    tax_amount_next: chargesAgain ? amounts.tax_amount : null,
    price_amount: row.amount,
    discount: row.discount && {
      type: row.discount.type,
      amount: row.discount.amount,
      basis_points: row.discount.basis_points,
      duration: row.discount.duration,
      duration_in_months: row.discount.duration_in_months,
    },
  };
}

export async function listPortalSubscriptions(
  db: DbOrTx,
  principal: CustomerPrincipal,
  query: PortalSubscriptionListQuery,
) {
  const where = customerWhere(principal);
  const [rows, total, tax] = await Promise.all([
    db.subscription.findMany({
      where,
      include: subscriptionInclude,
      orderBy: sortOrder<
        PortalSubscriptionListQuery["sorting"][number]["field"],
        Prisma.SubscriptionOrderByWithRelationInput
      >(query.sorting),
      ...skipTake(query),
    }),
    db.subscription.count({ where }),
    taxContext(db, principal),
  ]);
  const cardOf = await describeSavedCards(
    db,
    principal.organizationId,
    rows.map((row) => row.payment_method_ref),
  );
  return pageOf(
    rows.map((row) => toPortalSubscription(row, tax, cardOf)),
    total,
    query,
  );
}

async function findOwnSubscription(db: DbOrTx, principal: CustomerPrincipal, subscriptionId: string) {
  const row = await db.subscription.findFirst({
    where: { id: subscriptionId, ...customerWhere(principal) },
    include: subscriptionInclude,
  });
  return foundOrThrow(row, "Subscription not found.");
}

export async function getPortalSubscription(
  db: DbOrTx,
  principal: CustomerPrincipal,
  subscriptionId: string,
) {
  const [row, tax] = await Promise.all([
    findOwnSubscription(db, principal, subscriptionId),
    taxContext(db, principal),
  ]);
  const cardOf = await describeSavedCards(db, principal.organizationId, [row.payment_method_ref]);
  return toPortalSubscription(row, tax, cardOf);
}

/**
 * PATCH: cancel at the period's end (with the buyer's reason and comment) or take it back. The
 * ownership check, the lock and the change are one transaction; an ended subscription is 403.
 */
export async function updatePortalSubscription(
  db: Db,
  principal: CustomerPrincipal,
  subscriptionId: string,
  body: UpdatePortalSubscriptionBody,
  now = new Date(),
) {
  if (body.product_id) {
    const organization = await db.organization.findUniqueOrThrow({
      where: { id: principal.organizationId },
      select: { allow_customer_updates: true },
    });
    if (!organization.allow_customer_updates) {
      throw new ApiError("NotPermitted", "This seller does not let customers change their plan.");
    }
    await changePlan(
      db,
      { id: subscriptionId, ...customerWhere(principal) },
      { product_id: body.product_id },
      now,
    );
    return getPortalSubscription(db, principal, subscriptionId);
  }
  await db.$transaction(async (tx) => {
    await findOwnSubscription(tx, principal, subscriptionId);
    // Also reads who listens to the organization's events (no statement of its own).
    await lockRowForEvents(tx, "subscriptions", subscriptionId);
    const locked = foundOrThrow(await tx.subscription.findUnique({ where: { id: subscriptionId } }));
    await scheduleCancellation(
      tx,
      locked,
      body.cancel_at_period_end === true
        ? {
            cancel: true,
            ...(body.cancellation_reason !== undefined && { reason: body.cancellation_reason }),
            ...(body.cancellation_comment !== undefined && { comment: body.cancellation_comment || null }),
          }
        : { cancel: false },
      now,
    );
  });
  return getPortalSubscription(db, principal, subscriptionId);
}

/**
 * POST …/payment-method: the buyer's new card (a single-use token from the card form: the test
 * processor's, or Stripe's ConfirmationToken) for the renewals; a past_due subscription is charged
 * for its unpaid period at once. When the bank asks the buyer to confirm the card, the answer
 * carries that step (`next_action`) and POST …/payment-method/complete finishes after it. The
 * subscriptions service does the work (outside any lock while the processor is called); ownership
 * is checked here.
 */
export async function updatePortalPaymentMethod(
  db: Db,
  principal: CustomerPrincipal,
  subscriptionId: string,
  token: string,
  now = new Date(),
) {
  await findOwnSubscription(db, principal, subscriptionId);
  const update = await updateSubscriptionPaymentMethod(db, subscriptionId, token, now);
  return { ...(await getPortalSubscription(db, principal, subscriptionId)), next_action: update.next_action };
}

/** POST …/payment-method/complete: after the buyer's step at the bank, the card setup's outcome. */
export async function completePortalPaymentMethod(
  db: Db,
  principal: CustomerPrincipal,
  subscriptionId: string,
  now = new Date(),
) {
  await findOwnSubscription(db, principal, subscriptionId);
  const update = await completeSubscriptionPaymentMethod(db, subscriptionId, now);
  return { ...(await getPortalSubscription(db, principal, subscriptionId)), next_action: update.next_action };
}
