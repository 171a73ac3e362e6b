// Reading payments as the API answers them (./resource.ts): one, or a page of the organization's.
// An attempt names its checkout or its subscription, not its customer: the customer and e-mail
// filters find the customer's checkouts and subscriptions first (a buyer has few of them).
import type { DbOrTx } from "../db/client";
import type { Prisma, PaymentAttempt } from "../generated/prisma/client";
import { listPage } from "../core/list";
import { oneOf } from "../core/pagination";
import { visibleOrganizations, type Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import {
  ATTEMPT_STATUSES_OF,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  toPayment,
  type ListPaymentsQuery,
} from "./resource";

type Where = Prisma.PaymentAttemptWhereInput;

/** The payments of these customers (by id or e-mail): their checkouts' and subscriptions'. */
async function customerCondition(
  db: DbOrTx,
  principal: Principal,
  query: ListPaymentsQuery,
): Promise<Where | undefined> {
  if (!query.customer_id?.length && !query.customer_email?.length) return undefined;
  const scope = tenantWhere(principal, query.organization_id);
  const emails = query.customer_email?.map((email) => email.toLowerCase());
  const customers = await db.customer.findMany({
    where: {
      AND: [
        scope,
        { id: oneOf(query.customer_id) },
        emails?.length ? { email: { in: emails, mode: "insensitive" } } : {},
      ],
    },
    select: { id: true },
  });
  const customerIds = customers.map((row) => row.id);
  const [checkouts, orders, subscriptions] = await Promise.all([
    db.checkoutSession.findMany({
      where: {
        AND: [
          scope,
          {
            OR: [
              { customer_id: { in: customerIds } },
              // A buyer whose payments all failed never became a customer: their checkouts' e-mail.
              ...(emails?.length && !query.customer_id?.length
                ? [{ customer_email: { in: emails, mode: "insensitive" as const } }]
                : []),
            ],
          },
        ],
      },
      select: { id: true },
    }),
    db.order.findMany({
      where: { AND: [scope, { customer_id: { in: customerIds }, checkout_id: { not: null } }] },
      select: { checkout_id: true },
    }),
    db.subscription.findMany({
      where: { AND: [scope, { customer_id: { in: customerIds } }] },
      select: { id: true },
    }),
  ]);
  const checkoutIds = new Set([
    ...checkouts.map((row) => row.id),
    ...orders.flatMap((row) => (row.checkout_id ? [row.checkout_id] : [])),
  ]);
  return {
    OR: [
      { checkout_id: { in: [...checkoutIds] } },
      { subscription_id: { in: subscriptions.map((row) => row.id) } },
      {
        id: {
          in:
            emails?.length && !query.customer_id?.length
              ? await refusedPurchases(db, principal, query, emails)
              : [],
        },
      },
    ],
  };
}

/**
 * The purchases by these e-mails that were refused: the buyer's e-mail stays with the attempt's
 * changes, never written to the checkout, when the payment fails (lib/checkout/settle.ts).
 */
async function refusedPurchases(
  db: DbOrTx,
  principal: Principal,
  query: ListPaymentsQuery,
  emails: string[],
): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM payment_attempts
     WHERE organization_id = ANY(${visibleOrganizations(principal, query.organization_id)}::uuid[])
       AND kind = 'charge' AND checkout_id IS NOT NULL
       AND lower(pending_changes->>'customer_email') = ANY(${emails}::text[])`;
  return rows.map((row) => row.id);
}

/** The payments of these orders: a renewal names its order, a purchase's order names its checkout. */
async function orderCondition(db: DbOrTx, principal: Principal, orderIds: string[] | undefined) {
  if (!orderIds?.length) return undefined;
  const orders = await db.order.findMany({
    where: { AND: [tenantWhere(principal), { id: { in: orderIds }, checkout_id: { not: null } }] },
    select: { checkout_id: true },
  });
  const checkoutIds = orders.flatMap((row) => (row.checkout_id ? [row.checkout_id] : []));
  return {
    OR: [
      { order_id: { in: orderIds } },
      { kind: "charge" as const, status: "succeeded" as const, checkout_id: { in: checkoutIds } },
    ],
  } satisfies Where;
}

/** The checkout whose order a succeeded purchase paid for (a renewal names its order itself). */
const paidCheckout = (attempt: PaymentAttempt) =>
  attempt.kind === "charge" && attempt.status === "succeeded" ? attempt.checkout_id : null;

/** The orders that the page's succeeded checkout charges paid for, by checkout. */
async function ordersOfCheckouts(db: DbOrTx, attempts: PaymentAttempt[]): Promise<Map<string, string>> {
  const checkoutIds = attempts.flatMap((attempt) => {
    const checkoutId = attempt.order_id ? null : paidCheckout(attempt);
    return checkoutId ? [checkoutId] : [];
  });
  if (!checkoutIds.length) return new Map();
  const orders = await db.order.findMany({
    where: { checkout_id: { in: checkoutIds } },
    select: { id: true, checkout_id: true },
  });
  return new Map(orders.map((order) => [order.checkout_id!, order.id]));
}

function withOrders(attempts: PaymentAttempt[], orders: Map<string, string>) {
  return attempts.map((attempt) => {
    const checkoutId = paidCheckout(attempt);
    return toPayment(attempt, checkoutId ? (orders.get(checkoutId) ?? null) : null);
  });
}

export async function listPayments(db: DbOrTx, principal: Principal, query: ListPaymentsQuery) {
  // Every payment is a card payment here: a filter on another method matches nothing.
  const methods = query.method?.filter((method) => (PAYMENT_METHODS as readonly string[]).includes(method));
  const [byCustomer, byOrder] = await Promise.all([
    customerCondition(db, principal, query),
    orderCondition(db, principal, query.order_id),
  ]);
  const where: Where = {
    AND: [
      { kind: { in: [...PAYMENT_KINDS] } },
      { checkout_id: oneOf(query.checkout_id) },
      query.status?.length ? { status: { in: query.status.flatMap((s) => ATTEMPT_STATUSES_OF[s]) } } : {},
      methods && !methods.length ? { id: { in: [] } } : {},
      byCustomer ?? {},
      byOrder ?? {},
    ],
  };
  const page = await listPage(db.paymentAttempt, principal, query, {
    where,
    // One method for all: its order is the attempts' creation.
    columns: { method: (direction) => ({ created_at: direction }) },
  });
  const orders = await ordersOfCheckouts(db, page.items);
  return { items: withOrders(page.items, orders), pagination: page.pagination };
}

export async function getPayment(db: DbOrTx, principal: Principal, paymentId: string) {
  const attempt = foundOrThrow(
    await db.paymentAttempt.findFirst({
      where: { id: paymentId, kind: { in: [...PAYMENT_KINDS] }, ...tenantWhere(principal) },
    }),
  );
  const [payment] = withOrders([attempt], await ordersOfCheckouts(db, [attempt]));
  return payment!;
}
