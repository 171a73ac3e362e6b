// The numbering runs under the counter's lock, so its cost holds up every other purchase of the
// organization. It must find the order by its primary key whatever the table's statistics say: on
// a fresh database (statistics still "empty") PostgreSQL took an index leading with
// organization_id for `organization_id = $2` and read every order of the organization (462–474
// pages per numbering after 1,000 purchases, bench:confirm).
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createUnnumberedOrder,
} from "@/lib/factories";
import { numberOrderSql } from "./invoice-numbers";

type PlanNode = { "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };

function ordersAccess(node: PlanNode): string[] {
  const own = node["Relation Name"] === "orders" && node["Index Name"] ? [node["Index Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(ordersAccess)];
}

describe("numberOrder's plan", () => {
  it("reaches the order through orders_pkey, with the organization's orders unanalyzed", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id, {});
    for (let i = 0; i < 40; i++)
      await createOrder(db, org.id, { customerId: customer.id, priceId: price.id });
    const plan = await db.$transaction(async (tx) => {
      const order = await createUnnumberedOrder(tx, org.id, { customerId: customer.id, priceId: price.id });
      const statement = numberOrderSql(org.id, order.id);
      const [row] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
        `EXPLAIN (FORMAT JSON) ${statement.text}`,
        ...statement.values,
      );
      return row!["QUERY PLAN"][0].Plan;
    });
    expect(ordersAccess(plan)).toEqual(["orders_pkey"]);
  });
});
