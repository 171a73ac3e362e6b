// Correcting an order's billing details (docs/api.md "Orders"): PATCH /v1/orders/{id} by the
// merchant and PATCH /v1/customer-portal/orders/{id} by the buyer. The name and address on the
// receipt change, the amounts never do; the country that decided the tax stays; order.updated is sent.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { call } from "@/test/http";
import { PATCH as updateOrder } from "./[id]/route";
import { PATCH as updatePortalOrder } from "@/app/v1/customer-portal/orders/[id]/route";

let db: Db;
let organizationId: string;
let token: string;
let priceId: string;
let buyers = 0;

const BERLIN = { line1: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" };

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  token = (await createToken(db, organizationId)).token;
  priceId = (await createProduct(db, organizationId, { price: { price_amount: 1_000 } })).price.id;
  await createWebhookEndpoint(db, organizationId);
});

/** A buyer's paid order with a billing address in Germany, and their portal session. */
async function paidOrder() {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, {
    email: `billing${buyers}@example.com`,
    name: "Jane Buyer",
  });
  const order = await createOrder(db, organizationId, {
    customerId: customer.id,
    priceId,
    order: { billing_address: BERLIN, tax_amount: 190 },
  });
  const session = await createCustomerSession(db, customer.id, 3_600_000, new Date());
  return { order, customer, portal: session.token };
}

const patch = (id: string, body: object, as = token) =>
  call(updateOrder, { method: "PATCH", token: as, params: { id }, body });

describe("PATCH /v1/orders/{id}", () => {
  it("corrects the billing name and address; the amounts stay and order.updated is sent", async () => {
    const { order } = await paidOrder();
    const res = await patch(order.id, {
      billing_name: "Buyer GmbH",
      billing_address: { ...BERLIN, line1: "Hauptstr. 2", line2: "3. OG" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: order.id,
      billing_name: "Buyer GmbH",
      billing_address: { ...BERLIN, line1: "Hauptstr. 2", line2: "3. OG", state: null },
      net_amount: 1_000,
      tax_amount: 190,
      total_amount: 1_190,
    });
    const row = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ billing_name: "Buyer GmbH", amount: 1_000, tax_amount: 190 });
    const events = await db.webhookEvent.findMany({ where: { order_id: order.id, type: "order.updated" } });
    expect(events).toHaveLength(1);
  });

  it("goes back to the customer's name when the billing name is cleared; an empty body changes nothing", async () => {
    const { order } = await paidOrder();
    await patch(order.id, { billing_name: "Someone Else" });
    const cleared = await patch(order.id, { billing_name: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.billing_name).toBe("Jane Buyer");
    const unchanged = await patch(order.id, {});
    expect(unchanged.status).toBe(200);
    expect(await db.webhookEvent.count({ where: { order_id: order.id, type: "order.updated" } })).toBe(2);
  });

  it("keeps the country that decided the tax, and the address itself (422, nothing changed)", async () => {
    const { order } = await paidOrder();
    const moved = await patch(order.id, { billing_name: "X", billing_address: { ...BERLIN, country: "FR" } });
    expect(moved.status).toBe(422);
    expect(moved.body.detail).toEqual([
      expect.objectContaining({ loc: ["body", "billing_address", "country"], input: "FR" }),
    ]);
    const removed = await patch(order.id, { billing_address: null });
    expect(removed.status).toBe(422);
    expect(removed.body.detail[0].loc).toEqual(["body", "billing_address"]);
    const row = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.billing_name).toBeNull();
    expect(row.billing_address).toEqual(BERLIN);
    expect(await db.webhookEvent.count({ where: { order_id: order.id, type: "order.updated" } })).toBe(0);
  });

  it("refuses bad input, another organization's order and a token without orders:write", async () => {
    const { order } = await paidOrder();
    expect((await patch(order.id, { billing_name: "x".repeat(256) })).status).toBe(422);
    expect((await patch(order.id, { billing_address: { country: "Germany" } })).status).toBe(422);
    const other = await createOrganization(db);
    const otherToken = (await createToken(db, other.id)).token;
    const foreign = await patch(order.id, { billing_name: "Mallory" }, otherToken);
    expect(foreign.status).toBe(404);
    const readOnly = (await createToken(db, organizationId, { scopes: ["orders:read"] })).token;
    expect((await patch(order.id, { billing_name: "Mallory" }, readOnly)).status).toBe(403);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).billing_name).toBeNull();
  });
});

describe("PATCH /v1/customer-portal/orders/{id}", () => {
  it("lets the buyer correct their own order, and not another buyer's", async () => {
    const mine = await paidOrder();
    const theirs = await paidOrder();
    const res = await call(updatePortalOrder, {
      method: "PATCH",
      token: mine.portal,
      params: { id: mine.order.id },
      body: { billing_name: "Jane Buyer Ltd" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mine.order.id, billing_name: "Jane Buyer Ltd" });
    const foreign = await call(updatePortalOrder, {
      method: "PATCH",
      token: mine.portal,
      params: { id: theirs.order.id },
      body: { billing_name: "Mallory" },
    });
    expect(foreign.status).toBe(404);
    expect((await db.order.findUniqueOrThrow({ where: { id: theirs.order.id } })).billing_name).toBeNull();
  });
});
