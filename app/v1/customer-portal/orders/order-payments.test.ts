// The portal's order payment routes (docs/api.md "Customer portal API"): every order here was paid
// when it was made, so its payment status is its payment's (succeeded), and a retry is refused (422
// OrderNotEligibleForRetry); another buyer's order is 404.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct } from "@/lib/factories";
import { createPaidOrder } from "@/lib/factories/refunds";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { call } from "@/test/http";
import { GET as paymentStatus } from "./[id]/payment-status/route";
import { POST as confirmPayment } from "./[id]/confirm-payment/route";

let db: Db;
let organizationId: string;
let priceId: string;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  priceId = (await createProduct(db, organizationId, { price: { price_amount: 1_500 } })).price.id;
});

async function buyer() {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, { email: `pay${buyers}@example.com` });
  const { token } = await createCustomerSession(db, customer.id, 3_600_000, new Date());
  return { customer, token };
}

describe("GET /v1/customer-portal/orders/{id}/payment-status", () => {
  it("answers the status of the payment that made the order, succeeded when nothing was due", async () => {
    const { customer, token } = await buyer();
    const { order } = await createPaidOrder(db, organizationId, { customerId: customer.id, priceId });
    const paid = await call(paymentStatus, { token, params: { id: order.id } });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: "succeeded", error: null });
    const free = await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId,
      order: { amount: 0 },
    });
    expect((await call(paymentStatus, { token, params: { id: free.id } })).body).toEqual({
      status: "succeeded",
      error: null,
    });
  });

  it("is 404 for another buyer's order", async () => {
    const mine = await buyer();
    const theirs = await buyer();
    const { order } = await createPaidOrder(db, organizationId, { customerId: theirs.customer.id, priceId });
    const res = await call(paymentStatus, { token: mine.token, params: { id: order.id } });
    expect(res.status).toBe(404);
  });
});

describe("POST /v1/customer-portal/orders/{id}/confirm-payment", () => {
  it("refuses a retry: the order is paid (422 OrderNotEligibleForRetry), changing nothing", async () => {
    const { customer, token } = await buyer();
    const { order } = await createPaidOrder(db, organizationId, { customerId: customer.id, priceId });
    const before = await db.paymentAttempt.count({ where: { organization_id: organizationId } });
    const res = await call(confirmPayment, {
      token,
      params: { id: order.id },
      body: { confirmation_token_id: "ctoken_x" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "OrderNotEligibleForRetry",
      detail:
        "This order is paid. A subscription whose renewal failed is paid with a new card from its own page.",
    });
    expect(await db.paymentAttempt.count({ where: { organization_id: organizationId } })).toBe(before);
    const foreign = await buyer();
    expect(
      (await call(confirmPayment, { token: foreign.token, params: { id: order.id }, body: {} })).status,
    ).toBe(404);
  });
});
