// Issue 32's "done means", through the real routes on a real database: a French seller (legal
// details, an EU VAT number, the EU rates loaded, prices by the buyer's country, invoices issued
// automatically) sells one product priced in euros and dollars to
// - a German business with a VAT number VIES confirms: reverse charged, paid whole in euros, its
//   invoice in German with both VAT IDs and the Article 196 note;
// - a German consumer: 19 % German VAT inside the euro price, the invoice in German;
// - an American: no VAT, the dollar price, everything in English;
// each buyer's receipt email in their language, money written their way; then the German
// consumer's order is partly refunded and a credit note, in German, corrects the invoice.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { decrypt } from "@/lib/secrets";
import { emailBodyContext } from "@/lib/email/queue";
import { call } from "@/test/http";
import { pdfText } from "@/test/pdf-text";
import { runJobsExceptDelivery } from "@/test/webhook-events";
import { startViesFake, VIES_NUMBERS, type ViesFake } from "./vies-fake";
import { POST as createCheckout } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { POST as createProduct } from "@/app/v1/products/route";
import { PATCH as updateOrganization } from "@/app/v1/organizations/[id]/route";
import { POST as loadEuRates } from "@/app/v1/organizations/[id]/tax-rates/eu-preset/route";
import { POST as createRefund } from "@/app/v1/refunds/route";

const SELLER_VAT = "FR40303265045";
let db: Db;
let fake: ViesFake;
let token: string;
let orgId: string;
let productId: string;

type Buyer = {
  country: string;
  locale: string;
  name: string;
  taxId?: string;
  address?: Record<string, string>;
};

async function sell(buyer: Buyer) {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const address = {
    country: buyer.country,
    line1: "Hauptstraße 1",
    city: "Berlin",
    postal_code: "10115",
    ...buyer.address,
  };
  const created = await call(createCheckout, {
    method: "POST",
    token,
    body: {
      product_id: productId,
      locale: buyer.locale,
      customer_billing_address: address,
      ...(buyer.taxId ? { customer_tax_id: buyer.taxId } : {}),
    },
  });
  expect(created.status).toBe(201);
  const paid = await call(confirm, {
    params: { client_secret: created.body.client_secret },
    body: {
      customer_email: email,
      customer_name: buyer.name,
      customer_billing_address: address,
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(paid.status).toBe(200);
  await runJobsExceptDelivery(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: created.body.id } });
  const invoice = await db.invoice.findFirstOrThrow({ where: { order_id: order.id, kind: "invoice" } });
  const receipt = await db.email.findFirstOrThrow({ where: { to: email }, orderBy: { created_at: "asc" } });
  return {
    checkout: created.body,
    order,
    invoice: { ...invoice, text: pdfText(invoice.pdf!) },
    receipt: {
      subject: receipt.subject,
      text: decrypt(receipt.text_sealed, emailBodyContext(receipt.id, "text")),
    },
  };
}

/** Text with every kind of space as a plain one ("49,00 €" is written with a no-break space). */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

beforeAll(async () => {
  db = await getDb();
  fake = await startViesFake();
  process.env.VIES_API_BASE = fake.base;
  orgId = (await createOrganization(db, { name: "Atelier Logiciel", email: "ventes@atelier.test" })).id;
  token = (await createToken(db, orgId)).token;
  const seller = await call(updateOrganization, {
    method: "PATCH",
    token,
    params: { id: orgId },
    body: {
      legal_name: "Atelier Logiciel SAS",
      address: { line1: "12 rue de la Paix", city: "Paris", postal_code: "75002", country: "FR" },
      tax_id: [SELLER_VAT, "eu_vat"],
      default_tax_behavior: "location",
      invoice_automatically: true,
    },
  });
  expect(seller.status).toBe(200);
  expect((await call(loadEuRates, { method: "POST", token, params: { id: orgId } })).status).toBe(200);
  const product = await call(createProduct, {
    method: "POST",
    token,
    body: {
      name: "Atelier Pro",
      prices: [
        { amount_type: "fixed", price_amount: 11900, price_currency: "eur" },
        { amount_type: "fixed", price_amount: 12900, price_currency: "usd" },
      ],
    },
  });
  expect(product.status).toBe(201);
  productId = product.body.id;
});
afterAll(() => fake.close());

describe("a French seller selling across borders", () => {
  it("a German business with a confirmed VAT number: reverse charge, in euros and German, both VAT IDs on the invoice", async () => {
    fake.set(VIES_NUMBERS.valid, "valid");
    const sale = await sell({
      country: "DE",
      locale: "de",
      name: "Beispiel GmbH",
      taxId: VIES_NUMBERS.valid,
    });
    expect(sale.checkout).toMatchObject({
      currency: "eur",
      locale: "de",
      reverse_charge: true,
      tax_amount: 0,
      total_amount: 11900,
      customer_tax_id_status: "verified",
    });
    expect(sale.order).toMatchObject({ currency: "eur", reverse_charge: true, amount: 11900, tax_amount: 0 });
    expect(sale.invoice.locale).toBe("de");
    const text = plain(sale.invoice.text);
    expect(text).toContain("Rechnung");
    expect(text).toContain("Atelier Logiciel SAS");
    expect(text).toContain("Beispiel GmbH");
    expect(text).toContain(`USt-IdNr. des Verkäufers: ${SELLER_VAT}`);
    expect(text).toContain(`USt-IdNr. des Käufers: ${VIES_NUMBERS.valid}`);
    expect(text).toContain("Artikel 196");
    expect(text).toContain("119,00 €");
    expect(plain(sale.receipt.text)).toContain("119,00 €");
  });

  it("a German consumer: 19 % VAT inside the euro price, in German; a partial refund gets a German credit note", async () => {
    const sale = await sell({ country: "DE", locale: "de", name: "Erika Mustermann" });
    expect(sale.checkout).toMatchObject({
      currency: "eur",
      tax_behavior: "inclusive",
      tax_amount: 1900,
      total_amount: 11900,
      reverse_charge: false,
    });
    expect(sale.order).toMatchObject({ amount: 10000, tax_amount: 1900, tax_basis_points: 1900 });
    const text = plain(sale.invoice.text);
    expect(text).toContain("Rechnung");
    expect(text).toContain("USt. 19 %");
    expect(text).toContain("19,00 €");
    expect(text).toContain("Preise inklusive USt.");
    expect(text).toContain(`USt-IdNr. ${SELLER_VAT}`.slice(0, 8));
    expect(plain(sale.receipt.text)).toContain("119,00 €");

    const refund = await call(createRefund, {
      method: "POST",
      token,
      body: { order_id: sale.order.id, amount: 5950, reason: "customer_request" },
    });
    expect(refund.status).toBe(201);
    // Half the order: 59.50 back, 9.50 of it VAT (5950 × 1900 / 11900).
    expect(refund.body).toMatchObject({ amount: 5950, tax_amount: 950 });
    await runJobsExceptDelivery(db);
    const note = await db.invoice.findFirstOrThrow({
      where: { order_id: sale.order.id, kind: "credit_note" },
    });
    expect(note.invoice_id).toBe(sale.invoice.id);
    expect(note.number).toMatch(/-CN-0001$/);
    const noteText = plain(pdfText(note.pdf!));
    expect(noteText).toContain("Rechnungskorrektur");
    expect(noteText).toContain(`Korrigiert die Rechnung ${sale.invoice.number}`);
    expect(noteText).toContain("-59,50 €");
    expect(noteText).toContain("-9,50 €");
  });

  it("an American: no VAT, the dollar price, in English", async () => {
    const sale = await sell({
      country: "US",
      locale: "en",
      name: "Jane Doe",
      address: { line1: "1 Market St", city: "San Francisco", postal_code: "94105", state: "US-CA" },
    });
    expect(sale.checkout).toMatchObject({
      currency: "usd",
      tax_behavior: "exclusive",
      tax_amount: 0,
      total_amount: 12900,
      reverse_charge: false,
    });
    expect(sale.order).toMatchObject({ currency: "usd", amount: 12900, tax_amount: 0 });
    const text = plain(sale.invoice.text);
    expect(sale.invoice.locale).toBe("en");
    expect(text).toContain("Invoice");
    expect(text).toContain("$129.00");
    expect(text).not.toContain("€");
    expect(plain(sale.receipt.text)).toContain("$129.00");
  });
});
