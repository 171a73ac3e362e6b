// Reading subscriptions (issue 11's dashboard list; issue 13 adds the changes): the list with its
// filters and sorting, and one subscription, each with its customer, product, price and discount.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage, nullsLast } from "../core/list";
import { oneOf, paginationQuery, sortingQuery } from "../core/pagination";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { id, queryBoolean, queryList } from "../core/validation";
import { customerSchema, toCustomer } from "../customers/schemas";
import { orderDiscountSchema, toDiscount } from "../discounts/schemas";
import {
  productInclude,
  productPriceSchema,
  productSchema,
  toProduct,
  toProductPrice,
} from "../products/schemas";
import { pendingUpdateSchema, subscriptionSchema, toSubscription } from "./schemas";

const STATUSES = subscriptionSchema.shape.status.options;

/**
 * The statuses of a subscription that has not ended: its benefits still work. `past_due` counts,
 * since a failed renewal is retried before the subscription ends.
 */
export const ACTIVE_STATUSES = ["trialing", "active", "past_due"] as const;

export const subscriptionWithRelationsSchema = subscriptionSchema.extend({
  customer: customerSchema,
  product: productSchema,
  price: productPriceSchema,
  /** The current reference API's list of the subscription's prices: here its one price. */
  prices: z.array(productPriceSchema),
  discount: orderDiscountSchema.nullable(),
  /** Metered billing is not offered: empty. */
  meters: z.array(z.never()),
  /** A plan change waiting for the next renewal (docs/subscriptions.md "Plan changes"), or null. */
  pending_update: pendingUpdateSchema.nullable(),
  /** Legacy (the specification's era SDK reads it): the customer as that era's subscriber. */
  user: z.object({
    id: z.string(),
    email: z.string(),
    public_name: z.string(),
    avatar_url: z.string().nullable(),
    github_username: z.string().nullable(),
  }),
});

export const listSubscriptionsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  customer_id: queryList(id()),
  product_id: queryList(id()),
  status: queryList(z.enum(STATUSES)),
  /** true: not ended (trialing, active, past_due); false: every other status. */
  active: queryBoolean().optional(),
  sorting: sortingQuery(
    ["created_at", "started_at", "current_period_end", "amount", "status"],
    ["-started_at"],
  ),
});
export type ListSubscriptionsQuery = z.output<typeof listSubscriptionsQuery>;

export const subscriptionParams = z.object({ id: id() });

const subscriptionInclude = {
  customer: true,
  product: { include: productInclude },
  price: true,
  discount: true,
  pending_update: true,
} as const satisfies Prisma.SubscriptionInclude;

type SubscriptionRow = Prisma.SubscriptionGetPayload<{ include: typeof subscriptionInclude }>;

function toSubscriptionWithRelations(row: SubscriptionRow) {
  return {
    ...toSubscription(row),
    customer: toCustomer(row.customer),
    // In use by this very subscription: never deletable (lib/products/usage.ts).
    product: toProduct(row.product, false),
    price: toProductPrice(row.price),
    prices: [toProductPrice(row.price)],
    discount: row.discount ? toDiscount(row.discount) : null,
    meters: [],
    pending_update: row.pending_update ? { ...row.pending_update, seats: null, units: null } : null,
    user: {
      id: row.customer.id,
      email: row.customer.email,
      public_name: row.customer.name ?? row.customer.email.split("@")[0]!,
      avatar_url: null,
      github_username: null,
    },
  };
}

export function activeWhere(active: boolean | undefined): Prisma.SubscriptionWhereInput {
  if (active === undefined) return {};
  return { status: active ? { in: [...ACTIVE_STATUSES] } : { notIn: [...ACTIVE_STATUSES] } };
}

export async function listSubscriptions(db: DbOrTx, principal: Principal, query: ListSubscriptionsQuery) {
  const page = await listPage(db.subscription, principal, query, {
    where: {
      AND: [
        {
          customer_id: oneOf(query.customer_id),
          product_id: oneOf(query.product_id),
          status: oneOf(query.status),
        },
        activeWhere(query.active),
      ],
    },
    include: subscriptionInclude,
    // A subscription not started yet, or with no period end, sorts last both ways.
    columns: { started_at: nullsLast("started_at"), current_period_end: nullsLast("current_period_end") },
  });
  return mapPage(page, toSubscriptionWithRelations);
}

export async function getSubscription(db: DbOrTx, principal: Principal, subscriptionId: string) {
  const row = await db.subscription.findFirst({
    where: { id: subscriptionId, ...tenantWhere(principal) },
    include: subscriptionInclude,
  });
  return toSubscriptionWithRelations(foundOrThrow(row));
}
