// The orders list's count is its own SQL (./count.ts, for PostgreSQL's parallel workers), while the
// page is Prisma's query of orderWhere (./service.ts): the two must count the same orders for every
// filter, or total_count would disagree with the pages.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCheckout,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import type { Principal } from "@/lib/core/principal";
import { countOrders, orderCountStatement } from "./count";
import { orderWhere } from "./service";
import { orderFiltersQuery, type OrderFiltersQuery } from "./schemas";

let db: Db;
let principal: Principal;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  const { price: oneTime, product: tool } = await createProduct(db, org.id, {});
  const { price: monthly } = await createProduct(db, org.id, {
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const discount = await createDiscount(db, org.id);
  // Wildcards in addresses: a search for "a_b" or "100%" must take them literally.
  const plain = await createCustomer(db, org.id, { email: "plain@example.com" });
  const underscore = await createCustomer(db, org.id, { email: "a_b@example.com" });
  const percent = await createCustomer(db, org.id, { email: "100%@Example.com" });
  const checkout = await createCheckout(db, org.id, oneTime.id);
  for (const [customer, price, order] of [
    [plain, oneTime, {}],
    [plain, monthly, { discount_id: discount.id }],
    [underscore, oneTime, { checkout_id: checkout.id }],
    [underscore, monthly, {}],
    [percent, oneTime, { discount_id: discount.id }],
    [percent, monthly, {}],
  ] as const)
    await createOrder(db, org.id, { customerId: customer.id, priceId: price.id, order });
  // Another organization's orders match the same filters and must never count.
  const stranger = await createCustomer(db, other.id, { email: "plain@example.com" });
  const { price: foreignPrice } = await createProduct(db, other.id, {});
  await createOrder(db, other.id, { customerId: stranger.id, priceId: foreignPrice.id });
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    tool: tool.id,
    discount: discount.id,
    plain: plain.id,
    underscore: underscore.id,
    checkout: checkout.id,
  });
  principal = { kind: "access_token", id: "count-test", organizationIds: [org.id], scopes: new Set() };
});

const filters: Record<string, Record<string, string | string[]>> = {
  none: {},
  "one-time": { product_price_type: "one_time" },
  "both types": { product_price_type: ["one_time", "recurring"] },
  product: { product_id: "tool" },
  discount: { discount_id: "discount" },
  customers: { customer_id: ["plain", "underscore"] },
  checkout: { checkout_id: "checkout" },
  "email, any case": { query: "PLAIN" },
  "email with _ taken literally": { query: "a_b" },
  "email with % taken literally": { query: "100%" },
  "a % that matches nothing": { query: "%x" },
  "type and customer": { product_price_type: "recurring", customer_id: "underscore" },
  "own organization named": { organization_id: "org" },
  "another organization named": { organization_id: "other" },
};

function parsed(filter: Record<string, string | string[]>): OrderFiltersQuery {
  const named = (value: string) => ids[value] ?? value;
  return orderFiltersQuery.parse(
    Object.fromEntries(
      Object.entries(filter).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.map(named) : key === "query" ? value : [named(value)],
      ]),
    ),
  );
}

describe("the orders list's count", () => {
  it.each(Object.keys(filters))("agrees with the page's filters: %s", async (name) => {
    const query = parsed(filters[name]!);
    const expected = await db.order.count({ where: orderWhere(principal, query) });
    expect(await countOrders(db, principal, query)).toBe(expected);
  });

  it("counts what the fixture holds (so the agreement above is not 0 = 0)", async () => {
    const counts = await Promise.all(
      ["none", "one-time", "discount", "email with _ taken literally", "another organization named"].map(
        (name) => countOrders(db, principal, parsed(filters[name]!)),
      ),
    );
    expect(counts).toEqual([6, 3, 2, 2, 0]);
  });

  it("names only the filters a query has, every value a bind parameter", () => {
    expect(orderCountStatement(principal, parsed(filters["type and customer"]!))).toEqual({
      text:
        "SELECT count(*)::int AS total FROM orders o WHERE o.organization_id = ANY($1::uuid[]) AND " +
        'o.product_price_type = ANY($2::"PriceType"[]) AND o.customer_id = ANY($3::uuid[])',
      values: [[ids.org], ["recurring"], [ids.underscore]],
    });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "runs with parallel workers allowed on PostgreSQL, and the app's other statements without",
    async () => {
      const { directParallelQuery, directQuery } = await import("@/lib/db/direct");
      const { PARALLEL_READ_WORKERS } = await import("@/lib/db/client");
      const setting = "SELECT current_setting('max_parallel_workers_per_gather') AS workers";
      expect(await directParallelQuery(db)(setting)).toEqual([{ workers: String(PARALLEL_READ_WORKERS) }]);
      expect(await directQuery(db)(setting)).toEqual([{ workers: "0" }]);
    },
  );
});
