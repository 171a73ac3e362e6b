// A subscription created by the merchant (POST /v1/subscriptions/; docs/subscriptions.md "Free
// plans"): only on a free recurring product, for an existing customer. It starts `active` with its
// first period from now, as a purchase's does (lib/orders/processing.ts), and grants the product's
// benefits (license keys issued) the same way, but makes no order and sends no email: nothing was
// bought. Its renewals are the renewal job's (./renewals.ts): nothing is due, so no charge is made
// and the period moves on (with a `subscription_cycle` order of 0 and its receipt, as a free plan
// bought through a checkout renews).
//
// One transaction: the customer's row lock makes concurrent creates for one customer (and a
// deletion of that customer) take turns, so the organization's one-subscription rule
// (`allow_multiple_subscriptions` off) is checked against what the previous one committed. The
// webhook events (subscription.created and .active, then each grant's and key's) are written last
// (lib/webhooks/emit.ts).
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { tenantWhere } from "../core/tenancy";
import type { Customer, Prisma, Subscription } from "../generated/prisma/client";
import { lockRowForEvents } from "../webhooks/listeners";
import { withDeferredWebhookEvents } from "../webhooks/emit";
import { grantProductBenefits } from "../benefits/grants";
import { emitGrantsCreated } from "../license-keys/grant-events";
import { sessionProcessor } from "../payments/index";
import { emitSubscriptionEvents } from "./events";
import { findLiveSubscription } from "./live";
import { addInterval } from "./periods";
import { getSubscription } from "./read";
import type { CreateSubscriptionBody } from "./schemas";

// Short (no network call), but a burst of creates for one customer queues on its row lock.
const TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 15_000 };

export const NOT_FREE_MESSAGE =
  "Product is not free: a paid subscription starts with a checkout (POST /v1/checkouts/).";
export const ALREADY_SUBSCRIBED_MESSAGE =
  "The customer already has an active subscription, and the organization allows one per customer " +
  "(allow_multiple_subscriptions is off).";

type CustomerField = "customer_id" | "external_customer_id";

function customerRef(body: CreateSubscriptionBody): { field: CustomerField; value: string } {
  return body.customer_id
    ? { field: "customer_id", value: body.customer_id }
    : { field: "external_customer_id", value: body.external_customer_id! };
}

/** The product and its one free recurring price, or the problem that refuses it. */
async function freeProduct(tx: Tx, principal: Principal, productId: string) {
  const problem = (msg: string): { problem: Problem } => ({
    problem: { type: "value_error", loc: ["body", "product_id"], msg, input: productId },
  });
  const product = await tx.product.findFirst({
    where: { id: productId, ...tenantWhere(principal) },
    include: { prices: { where: { is_archived: false }, orderBy: { created_at: "asc" } } },
  });
  if (!product) return problem("Product does not exist.");
  if (product.is_archived) return problem("Product is archived.");
  const [price] = product.prices;
  if (!price) return problem("Product has no price.");
  if (!product.is_recurring || price.type !== "recurring")
    return problem("Product is not recurring: a one-time product is bought with a checkout.");
  // Every price free, as the reference asks: a product that also has a paid price is not free.
  if (product.prices.some((p) => p.amount_type !== "free")) return problem(NOT_FREE_MESSAGE);
  return { product, price };
}

/** The customer's id in one of the organizations (never a deleted one), or null. */
async function findCustomerId(tx: Tx, organizationIds: string[], body: CreateSubscriptionBody) {
  const ref = customerRef(body);
  const row = await tx.customer.findFirst({
    where: {
      organization_id: { in: organizationIds },
      deleted_at: null,
      ...(ref.field === "customer_id" ? { id: ref.value } : { external_id: ref.value }),
    },
    select: { id: true },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  return row?.id ?? null;
}

function customerProblem(body: CreateSubscriptionBody, msg: string): Problem {
  const ref = customerRef(body);
  return { type: "value_error", loc: ["body", ref.field], msg, input: ref.value };
}

async function create(tx: Tx, principal: Principal, body: CreateSubscriptionBody, now: Date) {
  const found = await freeProduct(tx, principal, body.product_id);
  // The customer must be of the product's organization (without one, of the caller's).
  const organizationIds = "product" in found ? [found.product.organization_id] : principal.organizationIds;
  const customerId = await findCustomerId(tx, organizationIds, body);
  const problems: Problem[] = "problem" in found ? [found.problem] : [];
  if (!customerId) problems.push(customerProblem(body, "Customer does not exist."));
  if (problems.length || !("product" in found) || !customerId) throw ApiError.validation(problems);
  const { product, price } = found;

  // Taken only once the customer is known to be the caller's: another tenant's id holds nothing.
  // Also reads who listens to the organization's events (no statement of its own).
  const customer = await lockRowForEvents<Customer>(tx, "customers", customerId);
  // Read again under the lock: a DELETE may have gone first.
  if (!customer || customer.deleted_at)
    throw ApiError.validation([customerProblem(body, "Customer does not exist.")]);
  const organization = await tx.organization.findUniqueOrThrow({
    where: { id: product.organization_id },
    select: { allow_multiple_subscriptions: true },
  });
  if (
    !organization.allow_multiple_subscriptions &&
    (await findLiveSubscription(tx, product.organization_id, { customerId }))
  ) {
    throw ApiError.validation([customerProblem(body, ALREADY_SUBSCRIBED_MESSAGE)]);
  }

  const interval = price.recurring_interval ?? product.recurring_interval ?? "month";
  const subscription: Subscription = await tx.subscription.create({
    data: {
      id: randomUUID(),
      created_at: now,
      organization_id: product.organization_id,
      metadata: body.metadata,
      amount: 0,
      currency: price.price_currency,
      recurring_interval: interval,
      status: "active",
      current_period_start: now,
      current_period_end: addInterval(now, interval),
      started_at: now,
      customer_id: customerId,
      product_id: product.id,
      price_id: price.id,
      // The organization's processor, as a checkout records it: a later move to a paid plan is
      // charged there (no card is saved: such a renewal fails into dunning until the buyer adds one).
      payment_processor: (await sessionProcessor(tx, product.organization_id)).name,
    } satisfies Prisma.SubscriptionUncheckedCreateInput,
  });
  const grants = await grantProductBenefits(tx, {
    organizationId: product.organization_id,
    customerId,
    productId: product.id,
    orderId: null,
    subscriptionId: subscription.id,
    now,
  });
  await emitSubscriptionEvents(tx, null, subscription, now);
  await emitGrantsCreated(tx, product.organization_id, grants, now);
  return subscription.id;
}

export async function createSubscription(
  db: Db,
  principal: Principal,
  body: CreateSubscriptionBody,
  now = new Date(),
) {
  const id = await db.$transaction(
    (tx) => withDeferredWebhookEvents(tx, () => create(tx, principal, body, now)),
    TRANSACTION_OPTIONS,
  );
  return getSubscription(db, principal, id);
}
