// GET /v1/payments/ and /v1/payments/{id} through the real handlers: a purchase's succeeded charge
// (its order found through its checkout) and a declined one (why, and no order), a renewal and its
// dunning retry, a card saved without a charge (not a payment); the filters (customer by id and by
// e-mail, a buyer who never became a customer included; order, checkout, status, method) and the
// sorting; another organization's payment 404, a missing scope 403, a malformed filter 422.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCheckout,
  createCustomer,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createPaidOrder } from "@/lib/factories/refunds";
import { runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { PROCESS_CHECKOUT_JOB, processCheckoutJob } from "@/lib/orders/processing";
import { SEND_EMAIL_JOB } from "@/lib/email/send";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as listRoute } from "./route";
import { GET as getRoute } from "./[id]/route";

let db: Db;

beforeAll(async () => {
  db = await getDb();
});

// Orders are made; the receipts are not what is tested (their job does nothing).
const handlers: JobHandlers = {
  [PROCESS_CHECKOUT_JOB]: processCheckoutJob,
  [SEND_EMAIL_JOB]: { run: async () => {} },
};

async function drainJobs() {
  for (let round = 0; round < 10; round++) {
    if ((await runDueJobs(db, handlers, { limit: 10 })).claimed === 0) return;
  }
}

async function shop() {
  const organization = await createOrganization(db);
  const token = (await createToken(db, organization.id)).token;
  const { price } = await createProduct(db, organization.id, { price: { price_amount: 2_500 } });
  /** The buyer's confirm with a test card token; the checkout, processed. */
  const buy = async (email: string, cardToken: string) => {
    const checkout = await createCheckout(db, organization.id, price.id);
    const confirmed = await call(confirm, {
      params: { client_secret: checkout.client_secret },
      body: {
        confirmation_token_id: cardToken,
        customer_email: email,
        customer_name: "Ada",
        customer_billing_address: { country: "DE" },
      },
    });
    await drainJobs();
    return { checkout, confirmed };
  };
  return { organization, token, price, buy };
}

const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

describe("GET /v1/payments/", () => {
  it("lists a purchase's charge with its order, a declined one with its reason, and filters them", async () => {
    const { organization, token, buy } = await shop();
    const paid = await buy("ada@example.com", TEST_TOKENS.succeeds);
    expect(paid.confirmed.status).toBe(200);
    const declined = await buy("bob@example.com", TEST_TOKENS.declined);
    expect(declined.confirmed.status).toBe(400);
    const order = await db.order.findUniqueOrThrow({ where: { checkout_id: paid.checkout.id } });
    const charge = await db.paymentAttempt.findFirstOrThrow({
      where: { checkout_id: paid.checkout.id, kind: "charge" },
    });
    const refused = await db.paymentAttempt.findFirstOrThrow({
      where: { checkout_id: declined.checkout.id },
    });

    const all = await call(listRoute, { token });
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([refused.id, charge.id]);
    expect(all.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    expect(all.body.items[1]).toEqual({
      id: charge.id,
      created_at: charge.created_at.toISOString(),
      modified_at: charge.modified_at!.toISOString(),
      processor: "test",
      status: "succeeded",
      amount: order.amount + order.tax_amount,
      currency: "usd",
      method: "card",
      trigger: "purchase",
      decline_reason: null,
      decline_message: null,
      organization_id: organization.id,
      checkout_id: paid.checkout.id,
      order_id: order.id,
      processor_metadata: {},
      ...(charge.card_brand
        ? { method_metadata: { brand: charge.card_brand, last4: charge.card_last4 } }
        : {}),
    });
    expect(all.body.items[0]).toMatchObject({
      id: refused.id,
      status: "failed",
      trigger: "purchase",
      decline_reason: refused.failure_code,
      decline_message: refused.failure_reason,
      checkout_id: declined.checkout.id,
      order_id: null,
    });
    expect(refused.failure_code).toEqual(expect.any(String));

    const byOrder = await call(listRoute, { token, query: { order_id: order.id } });
    expect(ids(byOrder.body)).toEqual([charge.id]);
    const byCustomer = await call(listRoute, { token, query: { customer_id: order.customer_id } });
    expect(ids(byCustomer.body)).toEqual([charge.id]);
    // Bob never became a customer: his checkout's e-mail finds his refused payment.
    const byEmail = await call(listRoute, { token, query: { customer_email: "BOB@example.com" } });
    expect(ids(byEmail.body)).toEqual([refused.id]);
    const byCheckout = await call(listRoute, { token, query: { checkout_id: declined.checkout.id } });
    expect(ids(byCheckout.body)).toEqual([refused.id]);
    const failed = await call(listRoute, { token, query: { status: "failed" } });
    expect(ids(failed.body)).toEqual([refused.id]);
    const cards = await call(listRoute, { token, query: { method: "card", sorting: "created_at" } });
    expect(ids(cards.body)).toEqual([charge.id, refused.id]);
    const other = await call(listRoute, { token, query: { method: "sepa_debit" } });
    expect(other.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });

    const one = await call(getRoute, { token, params: { id: charge.id } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(all.body.items[1]);
  });

  it("tells a renewal from its dunning retries and leaves card setups out", async () => {
    const { organization, token, price } = await shop();
    const customer = await createCustomer(db, organization.id);
    const { order } = await createPaidOrder(db, organization.id, {
      customerId: customer.id,
      priceId: price.id,
    });
    const attempt = (kind: "renewal" | "setup", minutes: number, extra: object = {}) => {
      const id = randomUUID();
      const at = new Date(Date.UTC(2026, 11, 1, 12, minutes));
      return db.paymentAttempt.create({
        data: {
          id,
          created_at: at,
          modified_at: at,
          organization_id: organization.id,
          kind,
          amount: kind === "setup" ? 0 : 2_500,
          currency: "usd",
          processor: "test",
          idempotency_key: `pa_${id}`,
          ...extra,
        },
      });
    };
    const cycle = await attempt("renewal", 1, {
      status: "failed",
      failure_code: "card_declined",
      failure_reason: "Your card was declined.",
      pending_changes: { period_end: "2027-01-01T00:00:00.000Z" },
    });
    const retry = await attempt("renewal", 2, {
      status: "succeeded",
      order_id: order.id,
      pending_changes: { trigger: "schedule", retry: 1 },
    });
    const byCard = await attempt("renewal", 3, {
      status: "pending",
      pending_changes: { trigger: "payment_method" },
    });
    await attempt("setup", 4, { status: "succeeded" });

    const page = await call(listRoute, { token, query: { sorting: ["-created_at"], limit: 3 } });
    expect(
      page.body.items.map((p: { id: string; trigger: string; status: string }) => [
        p.id,
        p.trigger,
        p.status,
      ]),
    ).toEqual([
      [byCard.id, "retry_payment_method_update", "pending"],
      [retry.id, "retry_dunning", "succeeded"],
      [cycle.id, "subscription_cycle", "failed"],
    ]);
    // The order's first charge (the factory's) is the fourth payment; the setup is none.
    expect(page.body.pagination).toEqual({ total_count: 4, max_page: 2 });
    const byOrder = await call(listRoute, { token, query: { order_id: order.id, sorting: "amount" } });
    expect(byOrder.body.items).toHaveLength(2);
    expect(byOrder.body.items.map((p: { order_id: string }) => p.order_id)).toEqual([order.id, order.id]);
    const pending = await call(listRoute, { token, query: { status: "pending" } });
    expect(ids(pending.body)).toEqual([byCard.id]);
  });

  it("keeps each organization's payments to itself and checks its input", async () => {
    const mine = await shop();
    const theirs = await shop();
    const customer = await createCustomer(db, theirs.organization.id);
    const { payment } = await createPaidOrder(db, theirs.organization.id, {
      customerId: customer.id,
      priceId: theirs.price.id,
    });
    const foreign = await call(getRoute, { token: mine.token, params: { id: payment.id } });
    expect(foreign.status).toBe(404);
    const listed = await call(listRoute, { token: mine.token, query: { customer_id: customer.id } });
    expect(listed.body.items).toEqual([]);

    const readOnly = (await createToken(db, mine.organization.id, { scopes: ["orders:read"] })).token;
    expect((await call(listRoute, { token: readOnly })).status).toBe(403);
    const malformed = await call(listRoute, { token: mine.token, query: { status: "paid" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ loc: ["query", "status", 0], type: "enum" });
    expect((await call(getRoute, { token: mine.token, params: { id: "nope" } })).status).toBe(422);
  });
});
