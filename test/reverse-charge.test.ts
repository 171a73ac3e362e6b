// The EU reverse charge through the real checkout routes (docs/tax.md "Reverse charge"): a French
// seller with an EU VAT number; a German business buyer whose VAT number VIES (the local fake,
// test/vies-fake.ts) says is valid pays no tax, and the session and order say `reverse_charge`,
// the receipt too with both VAT IDs; the same buyer while VIES cannot answer pays German tax (never
// a reverse charge on an unverified number); a German consumer pays German tax.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createProduct, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { loadReceipt } from "@/lib/receipts/receipt";
import { renewalAmounts } from "@/lib/subscriptions/renewal-amounts";
import { REVERSE_CHARGE_NOTE } from "@/lib/tax/reverse-charge";
import { call } from "@/test/http";
import { runJobsExceptDelivery } from "@/test/webhook-events";
import { POST as create } from "@/app/v1/checkouts/custom/route";
import { GET as read } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { startViesFake, VIES_NUMBERS, type ViesFake } from "./vies-fake";

let db: Db;
let fake: ViesFake;
let token: string;
let orgId: string;
let productId: string;
let recurringProductId: string;

const SELLER_VAT = "FR40303265045";
const params = (secret: string) => ({ params: { client_secret: secret } });

async function buy(taxId: string | null, product = productId) {
  const created = await call(create, {
    token,
    body: {
      product_id: product,
      customer_billing_address: { country: "DE" },
      ...(taxId ? { customer_tax_id: taxId } : {}),
    },
  });
  expect(created.status).toBe(201);
  const secret = created.body.client_secret as string;
  const paid = await call(confirm, {
    ...params(secret),
    body: {
      customer_email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
      customer_name: "Buyer GmbH",
      customer_billing_address: { country: "DE" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(paid.status).toBe(200);
  await runJobsExceptDelivery(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: created.body.id } });
  return { created: created.body, paid: paid.body, secret, order };
}

beforeAll(async () => {
  db = await getDb();
  fake = await startViesFake();
  process.env.VIES_API_BASE = fake.base;
  const org = await createOrganization(db, {
    legal_name: "Vendeur SAS",
    address: { line1: "1 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
    tax_id: SELLER_VAT,
    tax_id_type: "eu_vat",
  });
  orgId = org.id;
  token = (await createToken(db, org.id)).token;
  await db.taxRate.create({
    data: { id: randomUUID(), organization_id: org.id, country: "DE", state: null, basis_points: 1900 },
  });
  productId = (await createProduct(db, org.id, { price: { price_amount: 2000 } })).product.id;
  recurringProductId = (
    await createProduct(db, org.id, { price: { price_amount: 1000, recurring_interval: "month" } })
  ).product.id;
});
afterAll(() => fake.close());
beforeEach(async () => {
  await db.vatCheck.deleteMany();
  fake.set(VIES_NUMBERS.msUnavailable, "ms_unavailable");
});

describe("reverse charge", () => {
  it("a German business with a verified VAT number pays no tax; session, order and receipt say so", async () => {
    const { created, paid, secret, order } = await buy(VIES_NUMBERS.valid);
    expect(created).toMatchObject({
      customer_tax_id_status: "verified",
      reverse_charge: true,
      subtotal_amount: 2000,
      tax_amount: 0,
      total_amount: 2000,
    });
    expect(paid).toMatchObject({ reverse_charge: true, tax_amount: 0, total_amount: 2000 });
    expect((await call(read, params(secret))).body.reverse_charge).toBe(true);
    expect(order).toMatchObject({ reverse_charge: true, tax_amount: 0, amount: 2000 });
    const answered = await call(getOrder, { token, params: { id: order.id } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ reverse_charge: true, tax_amount: 0 });

    const receipt = await loadReceipt(db, order.id);
    expect(receipt!.reverseCharge).toEqual({
      note: REVERSE_CHARGE_NOTE,
      sellerVatId: SELLER_VAT,
      buyerVatId: VIES_NUMBERS.valid,
    });
  });

  it("the same buyer while VIES cannot answer pays German tax (never on an unverified number)", async () => {
    const { created, order } = await buy(VIES_NUMBERS.msUnavailable);
    expect(created).toMatchObject({
      customer_tax_id_status: "unverified",
      reverse_charge: false,
      tax_amount: 380,
      total_amount: 2380,
    });
    expect(order).toMatchObject({ reverse_charge: false, tax_amount: 380 });
    expect((await loadReceipt(db, order.id))!.reverseCharge).toBeNull();
  });

  it("a German consumer pays German tax", async () => {
    const { created, order } = await buy(null);
    expect(created).toMatchObject({ reverse_charge: false, tax_amount: 380, total_amount: 2380 });
    expect(order).toMatchObject({ reverse_charge: false, tax_amount: 380 });
  });

  it("a renewal reads the customer's stored, verified VAT number", async () => {
    const { order } = await buy(VIES_NUMBERS.valid, recurringProductId);
    expect(order).toMatchObject({ reverse_charge: true, tax_amount: 0 });
    const subscription = await db.subscription.findUniqueOrThrow({
      where: { id: order.subscription_id! },
      include: { discount: true },
    });
    const renewal = await db.$transaction((tx) =>
      renewalAmounts(tx, subscription, subscription.current_period_end!),
    );
    expect(renewal).toMatchObject({ reverseCharge: true, tax: { behavior: "exclusive", basisPoints: 0 } });
    expect(renewal.amounts.tax_amount).toBe(0);

    // The customer's VAT number no longer verified (set through the API): taxed again.
    await db.customer.update({ where: { id: order.customer_id }, data: { tax_id_verified_at: null } });
    const taxed = await db.$transaction((tx) =>
      renewalAmounts(tx, subscription, subscription.current_period_end!),
    );
    expect(taxed).toMatchObject({ reverseCharge: false, tax: { behavior: "exclusive", basisPoints: 1900 } });
  });

  it("no reverse charge for a seller without an EU VAT number", async () => {
    await db.organization.update({ where: { id: orgId }, data: { tax_id: null, tax_id_type: null } });
    try {
      const { created } = await buy(VIES_NUMBERS.valid);
      expect(created).toMatchObject({ reverse_charge: false, tax_amount: 380 });
    } finally {
      await db.organization.update({
        where: { id: orgId },
        data: { tax_id: SELLER_VAT, tax_id_type: "eu_vat" },
      });
    }
  });
});
