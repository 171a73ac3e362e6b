// Reading orders: the list with its filters and multi-criteria sorting, and one order by id.
import type {
  Customer,
  Discount,
  Order,
  Prisma,
  Product,
  ProductPrice,
  Subscription,
} from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { countOrders } from "./count";
import { optionalRowFromJson, rowFromJson, runResourceRead, type ResourceRead } from "../db/direct";
import type { Principal } from "../core/principal";
import { containsText } from "../core/search";
import { oneOf, type SortCriterion } from "../core/pagination";
import { listPage, mapPage, nullsLast, sortOrder, type SortColumns } from "../core/list";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import {
  billingTypesOf,
  orderInclude,
  toOrder,
  type ListOrdersQuery,
  type OrderFiltersQuery,
  ORDER_SORT_FIELDS,
} from "./schemas";

type SortField = (typeof ORDER_SORT_FIELDS)[number];

/** The sort fields that are not a column of orders (section 5: by customer email, product name...). */
const ORDER_SORT_COLUMNS: SortColumns<SortField, Prisma.OrderOrderByWithRelationInput> = {
  customer: (direction) => ({ customer: { email: direction } }),
  product: (direction) => ({ product: { name: direction } }),
  discount: (direction) => ({ discount: { name: direction } }),
  subscription: nullsLast("subscription_id"),
};

/**
 * The Prisma order of a `sorting` list. It always ends with `id`, so the order is total: pages
 * never overlap or skip, and a cursor on `id` (the CSV export) resumes exactly where it stopped.
 */
export function orderBy(criteria: SortCriterion<SortField>[]): Prisma.OrderOrderByWithRelationInput[] {
  return sortOrder(criteria, ORDER_SORT_COLUMNS);
}

/** What a row must carry for orderAfter: the values of every sort key. */
export const orderSortSelect = {
  id: true,
  created_at: true,
  amount: true,
  subscription_id: true,
  customer: { select: { email: true } },
  product: { select: { name: true } },
  discount: { select: { name: true } },
} as const satisfies Prisma.OrderSelect;

export type OrderSortValues = Prisma.OrderGetPayload<{ select: typeof orderSortSelect }>;

/** One sort key at a row's value: rows equal to it, rows after it, and a range the first may use. */
type KeyAt = {
  equal: Prisma.OrderWhereInput;
  /** null: nothing sorts after this value (e.g. NULL when NULLs sort last). */
  after: Prisma.OrderWhereInput | null;
  /** "At or after", for non-null columns: lets an index on the leading key start at the cursor. */
  from?: Prisma.OrderWhereInput;
};

function keyAt(field: SortField | "id", direction: "asc" | "desc", row: OrderSortValues): KeyAt {
  const beyond = <T>(value: T) => (direction === "asc" ? { gt: value } : { lt: value });
  const from = <T>(value: T) => (direction === "asc" ? { gte: value } : { lte: value });
  switch (field) {
    case "customer":
      return {
        equal: { customer: { is: { email: row.customer.email } } },
        after: { customer: { is: { email: beyond(row.customer.email) } } },
      };
    case "product":
      return {
        equal: { product: { is: { name: row.product.name } } },
        after: { product: { is: { name: beyond(row.product.name) } } },
      };
    case "discount": {
      // Orders without a discount sort as PostgreSQL sorts NULL: last ascending, first descending.
      const name = row.discount?.name ?? null;
      const nullsFirst = direction === "desc";
      if (name === null)
        return { equal: { discount_id: null }, after: nullsFirst ? { discount_id: { not: null } } : null };
      const beyondName = { discount: { is: { name: beyond(name) } } };
      return {
        equal: { discount: { is: { name } } },
        after: nullsFirst ? beyondName : { OR: [beyondName, { discount_id: null }] },
      };
    }
    case "subscription": {
      // NULLS LAST both ways (see orderBy).
      const value = row.subscription_id;
      if (value === null) return { equal: { subscription_id: null }, after: null };
      return {
        equal: { subscription_id: value },
        after: { OR: [{ subscription_id: beyond(value) }, { subscription_id: null }] },
      };
    }
    case "created_at":
      return {
        equal: { created_at: row.created_at },
        after: { created_at: beyond(row.created_at) },
        from: { created_at: from(row.created_at) },
      };
    case "amount":
      return {
        equal: { amount: row.amount },
        after: { amount: beyond(row.amount) },
        from: { amount: from(row.amount) },
      };
    case "id":
      return { equal: { id: row.id }, after: { id: beyond(row.id) }, from: { id: from(row.id) } };
  }
}

/**
 * The rows that come after `row` in orderBy(criteria): keyset pagination for the CSV export. It
 * must mirror orderBy, NULL placement included. (Prisma's own `cursor` gets NULLs wrong for the
 * nullable discount sort, and with a nullable sort key it drops the LIMIT and filters in memory.)
 */
export function orderAfter(
  criteria: SortCriterion<SortField>[],
  row: OrderSortValues,
): Prisma.OrderWhereInput {
  const keys = [
    ...criteria.map(({ field, direction }) => keyAt(field, direction, row)),
    keyAt("id", criteria.at(-1)?.direction ?? "asc", row),
  ];
  const branches = keys.flatMap((key, i) =>
    key.after ? [{ AND: [...keys.slice(0, i).map((k) => k.equal), key.after] }] : [],
  );
  return keys[0]!.from ? { AND: [keys[0]!.from, { OR: branches }] } : { OR: branches };
}

/** The list's filters as a Prisma condition (tenant scoping aside). */
function orderFilters(query: OrderFiltersQuery): Prisma.OrderWhereInput {
  return {
    product_id: oneOf(query.product_id),
    product_price_type: oneOf(billingTypesOf(query)),
    discount_id: oneOf(query.discount_id),
    customer_id: oneOf(query.customer_id),
    checkout_id: oneOf(query.checkout_id),
    customer: query.query ? { email: containsText(query.query) } : undefined,
  };
}

/** The list's filters, limited to the organizations the principal sees (the CSV export's rows). */
export function orderWhere(principal: Principal, query: OrderFiltersQuery): Prisma.OrderWhereInput {
  return { ...tenantWhere(principal, query.organization_id), ...orderFilters(query) };
}

export async function listOrders(db: DbOrTx, principal: Principal, query: ListOrdersQuery) {
  const page = await listPage(db.order, principal, query, {
    where: orderFilters(query),
    include: orderInclude,
    columns: ORDER_SORT_COLUMNS,
    count: () => countOrders(db, principal, query),
    relationsAfterPage: true,
  });
  return mapPage(page, toOrder);
}

// One statement, straight to the driver (lib/db/direct.ts): the order and its five relations as
// JSON, the way scripts/bench/floor.mjs reads them. GET /v1/orders/{id} runs it inside the
// statement that admits the caller's token (lib/api/handler.ts `readRoute`).
export const orderById: ResourceRead<ReturnType<typeof toOrder>> = {
  valueCount: 1,
  sql: ({ organizations, values: [id] }) => `
    SELECT json_build_object(
             'order', row_to_json(o), 'customer', row_to_json(c), 'product', row_to_json(p),
             'product_price', row_to_json(pp), 'discount', row_to_json(d), 'subscription', row_to_json(s)
           )::text AS row
    FROM orders o
    JOIN customers c ON c.id = o.customer_id
    JOIN products p ON p.id = o.product_id
    JOIN product_prices pp ON pp.id = o.product_price_id
    LEFT JOIN discounts d ON d.id = o.discount_id
    LEFT JOIN subscriptions s ON s.id = o.subscription_id
    WHERE o.id = ${id}::uuid AND o.organization_id = ANY(${organizations})`,
  decode: (row) =>
    toOrder({
      ...rowFromJson<Order>("orders", row.order as Record<string, unknown>),
      customer: rowFromJson<Customer>("customers", row.customer as Record<string, unknown>),
      product: rowFromJson<Product>("products", row.product as Record<string, unknown>),
      product_price: rowFromJson<ProductPrice>(
        "product_prices",
        row.product_price as Record<string, unknown>,
      ),
      discount: optionalRowFromJson<Discount>("discounts", row.discount as Record<string, unknown> | null),
      subscription: optionalRowFromJson<Subscription>(
        "subscriptions",
        row.subscription as Record<string, unknown> | null,
      ),
    }),
};

export async function getOrder(db: DbOrTx, principal: Principal, id: string) {
  return foundOrThrow(await runResourceRead(db, orderById, principal.organizationIds, [id]));
}
