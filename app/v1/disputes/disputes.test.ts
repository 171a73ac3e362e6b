// GET /v1/disputes/ and /v1/disputes/{id} through the real handlers: the list's filters (order,
// status, a signed-in merchant's organization_id), its default newest-first order and amount
// sorting, one dispute as the webhook sent it, another organization's dispute 404, a missing scope
// 403, a malformed id or filter 422. Disputes are made by the service (lib/factories/disputes.ts).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCustomer,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createPaidOrder } from "@/lib/factories/refunds";
import { createDispute } from "@/lib/factories/disputes";
import { call } from "@/test/http";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as listRoute } from "./route";
import { GET as getRoute } from "./[id]/route";

let db: Db;

beforeAll(async () => {
  db = await getDb();
});

/** An organization with its token and a paid order maker. */
async function shop() {
  const organization = await createOrganization(db, { email: "owner@disputes.test" });
  const token = (await createToken(db, organization.id)).token;
  const { price } = await createProduct(db, organization.id, { price: { price_amount: 4_000 } });
  const paid = async () => {
    const customer = await createCustomer(db, organization.id, { email: `b-${randomUUID()}@example.com` });
    return createPaidOrder(db, organization.id, { customerId: customer.id, priceId: price.id });
  };
  return { organization, token, paid };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 10, minutes));
const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

describe("GET /v1/disputes/", () => {
  it("lists newest first, filters by order and status, sorts by amount, and reads one", async () => {
    const { token, paid } = await shop();
    const a = await paid();
    const b = await paid();
    const first = await createDispute(db, a.payment, { amount: 4_000 }, at(0));
    const second = await createDispute(db, b.payment, { amount: 1_500, status: "lost" }, at(1));
    const third = await createDispute(
      db,
      a.payment,
      { amount: 2_500, status: "warning_needs_response" },
      at(2),
    );

    const all = await call(listRoute, { token });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([third.id, second.id, first.id]);
    expect(all.body.pagination).toEqual({ total_count: 3, max_page: 1 });

    const byOrder = await call(listRoute, { token, query: { order_id: a.order.id } });
    expect(ids(byOrder.body)).toEqual([third.id, first.id]);
    const byStatus = await call(listRoute, { token, query: { status: ["lost", "needs_response"] } });
    expect(ids(byStatus.body)).toEqual([second.id, first.id]);
    const byAmount = await call(listRoute, { token, query: { sorting: "amount" } });
    expect(byAmount.body.items.map((d: { amount: number }) => d.amount)).toEqual([1_500, 2_500, 4_000]);
    const paged = await call(listRoute, { token, query: { limit: 1, page: 2 } });
    expect(paged.body).toEqual({
      items: [expect.objectContaining({ id: second.id })],
      pagination: { total_count: 3, max_page: 3 },
    });

    const one = await call(getRoute, { token, params: { id: second.id } });
    expect(one).toMatchObject({ status: 200 });
    expect(one.body).toEqual({
      id: second.id,
      created_at: at(1).toISOString(),
      modified_at: null,
      organization_id: b.order.organization_id,
      order_id: b.order.id,
      processor: "test",
      processor_dispute_id: second.processor_dispute_id,
      payment_id: b.payment.processor_payment_id,
      amount: 1_500,
      currency: "usd",
      reason: "fraudulent",
      status: "lost",
      evidence_due_by: second.evidence_due_by!.toISOString(),
      closed_at: at(1).toISOString(),
      resolved: true,
      closed: true,
      tax_amount: 0,
      past_due: false,
      customer: expect.objectContaining({ id: b.order.customer_id, external_id: null }),
      case_id: null,
    });
  });

  it("filters a signed-in merchant's organizations by organization_id", async () => {
    const one = await shop();
    const two = await shop();
    const mine = await createDispute(db, (await one.paid()).payment);
    const theirs = await createDispute(db, (await two.paid()).payment);
    const password = "pw for the disputes test";
    const email = `disputes-${randomUUID()}@example.com`;
    await createMerchantUser(db, {
      email,
      password,
      organizationIds: [one.organization.id, two.organization.id],
    });
    const signedIn = await call(signIn, { body: { email, password } });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    const both = await call(listRoute, { headers: { cookie } });
    expect(ids(both.body)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const onlyOne = await call(listRoute, {
      headers: { cookie },
      query: { organization_id: one.organization.id },
    });
    expect(onlyOne.status).toBe(200);
    expect(ids(onlyOne.body)).toEqual([mine.id]);
  });

  it("keeps organizations apart: another organization's dispute is not found", async () => {
    const one = await shop();
    const other = await shop();
    const { order, payment } = await one.paid();
    const dispute = await createDispute(db, payment);

    expect(await call(getRoute, { token: other.token, params: { id: dispute.id } })).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound" },
    });
    const listed = await call(listRoute, { token: other.token, query: { order_id: order.id } });
    expect(listed.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const narrowed = await call(listRoute, {
      token: other.token,
      query: { organization_id: one.organization.id },
    });
    expect(narrowed.body.items).toEqual([]);
  });

  it("needs disputes:read; a malformed id or filter is a 422", async () => {
    const { organization, token, paid } = await shop();
    const dispute = await createDispute(db, (await paid()).payment);
    const ordersOnly = (await createToken(db, organization.id, { scopes: ["orders:read"] })).token;
    const disputesOnly = (await createToken(db, organization.id, { scopes: ["disputes:read"] })).token;

    expect(await call(listRoute, { token: ordersOnly })).toMatchObject({
      status: 403,
      body: { error: "insufficient_scope" },
    });
    expect((await call(getRoute, { token: ordersOnly, params: { id: dispute.id } })).status).toBe(403);
    expect((await call(getRoute, { token: disputesOnly, params: { id: dispute.id } })).status).toBe(200);
    expect((await call(listRoute, {})).status).toBe(401);

    expect(await call(getRoute, { token, params: { id: "not-a-uuid" } })).toMatchObject({
      status: 422,
      body: { detail: [{ type: "uuid_parsing", loc: ["path", "id"] }] },
    });
    const badStatus = await call(listRoute, { token, query: { status: "reopened" } });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.detail).toEqual([expect.objectContaining({ loc: ["query", "status", 0] })]);
    expect((await call(listRoute, { token, query: { sorting: "reason" } })).status).toBe(422);
  });
});
