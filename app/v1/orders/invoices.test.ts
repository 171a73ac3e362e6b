// Invoices through the real routes on a real database (docs/invoices.md): POST/GET
// /v1/orders/{id}/invoice and the portal's, the refusals (no billing details 422, nothing paid 409,
// another organization's or buyer's order 404), one invoice under concurrent requests, the stored
// PDF served by its signed link and never re-rendered when the organization, customer or order
// change, the billing details locked once invoiced, the automatic invoice of a processed checkout,
// and credit notes for refunds: after the invoice, before it, and numbered without gap or duplicate
// when many are issued at once.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCheckout,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createPaidOrder } from "@/lib/factories/refunds";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { jobHandlers } from "@/lib/composition/jobs";
import { enqueueJob, runDueJobs, type JobHandlers } from "@/lib/jobs/queue";
import { DELIVER_WEBHOOKS_JOB } from "@/lib/webhooks/emit";
import { PROCESS_CHECKOUT_JOB } from "@/lib/orders/processing";
import { issueCreditNote } from "@/lib/invoices/credit-notes";
import type { InvoiceSnapshot } from "@/lib/invoices/snapshot";
import { call } from "@/test/http";
import { pdfText } from "@/test/pdf-text";
import { GET as getInvoice, POST as postInvoice } from "./[id]/invoice/route";
import { GET as listDocuments } from "./[id]/invoices/route";
import { GET as getOrderRoute, PATCH as patchOrder } from "./[id]/route";
import { POST as createRefund } from "../refunds/route";
import { PATCH as patchOrganization } from "../organizations/[id]/route";
import {
  GET as getPortalInvoice,
  POST as postPortalInvoice,
} from "../customer-portal/orders/[id]/invoice/route";
import { PATCH as patchPortalOrder } from "../customer-portal/orders/[id]/route";
import { GET as invoicePage } from "@/app/invoices/[token]/route";
import { GET as invoicePdf } from "@/app/invoices/[token]/pdf/route";

let db: Db;
let organizationId: string;
let token: string;
let priceId: string;
let buyers = 0;

const BERLIN = { line1: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" };
const handlers: JobHandlers = { ...jobHandlers, [DELIVER_WEBHOOKS_JOB]: { run: async () => {} } };

async function drainJobs(now = new Date()) {
  while ((await runDueJobs(db, handlers, { now, limit: 50 })).claimed > 0);
}

beforeAll(async () => {
  db = await getDb();
  organizationId = (
    await createOrganization(db, {
      name: "Acme",
      email: "billing@acme.example",
      customer_invoice_prefix: "ACME",
      legal_name: "Acme Software SAS",
      address: { line1: "1 rue de Rivoli", postal_code: "75001", city: "Paris", country: "FR" },
      tax_id: "FR40303265045",
      tax_id_type: "eu_vat",
    })
  ).id;
  token = (await createToken(db, organizationId)).token;
  priceId = (
    await createProduct(db, organizationId, {
      product: { name: "Acme Pro" },
      price: { price_amount: 10_000 },
    })
  ).price.id;
});

/** A buyer's paid order of 100.00 + 19.00 VAT billed to Berlin (none: without an address), and their portal session. */
async function paidOrder(options: { address?: boolean; org?: string; price?: string } = {}) {
  buyers += 1;
  const org = options.org ?? organizationId;
  const customer = await createCustomer(db, org, {
    email: `invoice${buyers}@example.com`,
    name: "Jane Buyer",
  });
  const { order } = await createPaidOrder(db, org, {
    customerId: customer.id,
    priceId: options.price ?? priceId,
    order: {
      currency: options.org ? "usd" : "eur",
      tax_amount: 1_900,
      tax_basis_points: 1_900,
      ...(options.address === false ? {} : { billing_address: BERLIN }),
    },
  });
  const portal = (await createCustomerSession(db, customer.id, 3_600_000, new Date())).token;
  return { order, customer, portal };
}

const post = (id: string, as = token) => call(postInvoice, { method: "POST", token: as, params: { id } });
const get = (id: string, as = token) => call(getInvoice, { token: as, params: { id } });

/** The signed link's token, from a `{url}`. */
function tokenOf(url: string): string {
  const match = /\/invoices\/([^/]+)\/pdf$/.exec(url);
  if (!match) throw new Error(`Not an invoice link: ${url}`);
  return match[1]!;
}

async function fetchPdf(url: string) {
  const res = await invoicePdf(new Request(url), { params: Promise.resolve({ token: tokenOf(url) }) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("POST /v1/orders/{id}/invoice", () => {
  it("issues the invoice once: 202 {url}, the stored PDF says it, the order says so and order.updated is sent", async () => {
    const { order } = await paidOrder();
    expect((await get(order.id)).status).toBe(404);
    const res = await post(order.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ url: expect.stringMatching(/\/invoices\/[0-9a-f-]{36}\.[\w-]{43}\/pdf$/) });
    expect((await get(order.id)).body).toEqual(res.body);
    expect((await post(order.id)).body).toEqual(res.body);

    const invoices = await db.invoice.findMany({ where: { order_id: order.id } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: "invoice", number: order.invoice_number, locale: "en" });
    expect(invoices[0]!.rendered_at).not.toBeNull();
    const row = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.invoice_issued_at).not.toBeNull();
    const read = await call(getOrderRoute, { token, params: { id: order.id } });
    expect(read.body.is_invoice_generated).toBe(true);
    expect(await db.webhookEvent.count({ where: { order_id: order.id, type: "order.updated" } })).toBe(0);

    const pdf = await fetchPdf(res.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      `inline; filename="invoice-${order.invoice_number}.pdf"`,
    );
    const lines = pdfText(pdf.bytes).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Invoice",
        `Invoice number: ${order.invoice_number}`,
        "Acme Software SAS",
        "VAT ID: FR40303265045",
        "Jane Buyer",
        "10115 Berlin",
        "Germany",
        "Acme Pro",
        "VAT 19%",
        "€19.00",
        "€119.00",
      ]),
    );
    const page = await invoicePage(new Request(res.body.url.replace(/\/pdf$/, "")), {
      params: Promise.resolve({ token: tokenOf(res.body.url) }),
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain(`<dd>${order.invoice_number}</dd>`);
  });

  it("sends order.updated to a listening endpoint", async () => {
    const { createWebhookEndpoint } = await import("@/lib/factories/webhooks");
    const org = await createOrganization(db);
    await createWebhookEndpoint(db, org.id);
    const orgToken = (await createToken(db, org.id)).token;
    const price = (await createProduct(db, org.id)).price.id;
    const { order } = await paidOrder({ org: org.id, price });
    expect((await post(order.id, orgToken)).status).toBe(202);
    expect(await db.webhookEvent.count({ where: { order_id: order.id, type: "order.updated" } })).toBe(1);
  });

  it("refuses an order without billing address (422), a free one (409), another organization's (404), a read-only token (403)", async () => {
    const { order: noAddress } = await paidOrder({ address: false });
    const missing = await post(noAddress.id);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      error: "MissingInvoiceBillingDetails",
      detail: expect.stringMatching(/billing address/),
    });

    const customer = await createCustomer(db, organizationId, { name: "Free Buyer" });
    const free = await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId,
      order: { amount: 0, billing_address: BERLIN },
    });
    const notEligible = await post(free.id);
    expect(notEligible.status).toBe(409);
    expect(notEligible.body.error).toBe("OrderNotEligibleForInvoice");

    const { order } = await paidOrder();
    const other = await createOrganization(db);
    const otherToken = (await createToken(db, other.id)).token;
    expect((await post(order.id, otherToken)).status).toBe(404);
    expect((await get(order.id, otherToken)).status).toBe(404);
    const readOnly = (await createToken(db, organizationId, { scopes: ["orders:read"] })).token;
    expect((await post(order.id, readOnly)).status).toBe(403);
    expect(await db.invoice.count({ where: { order_id: { in: [noAddress.id, free.id, order.id] } } })).toBe(
      0,
    );
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).invoice_issued_at).toBeNull();
  });

  it("issues one invoice under concurrent requests, and each order's own number across orders", async () => {
    const { order } = await paidOrder();
    const same = await Promise.all(Array.from({ length: 6 }, () => post(order.id)));
    expect(same.map((r) => r.status)).toEqual(Array(6).fill(202));
    expect(new Set(same.map((r) => r.body.url)).size).toBe(1);
    expect(await db.invoice.count({ where: { order_id: order.id } })).toBe(1);

    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder()));
    const answers = await Promise.all(orders.map(({ order }) => post(order.id)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(202));
    const rows = await db.invoice.findMany({
      where: { order_id: { in: orders.map(({ order }) => order.id) } },
    });
    expect(rows.map((r) => r.number).sort()).toEqual(orders.map(({ order }) => order.invoice_number).sort());
    expect(new Set(rows.map((r) => r.number)).size).toBe(6);
  });

  it("keeps the issued document: later changes to the organization, customer and order change nothing", async () => {
    const { order, customer } = await paidOrder();
    const res = await post(order.id);
    const before = await fetchPdf(res.body.url);
    const stored = await db.invoice.findFirstOrThrow({ where: { order_id: order.id } });

    await db.organization.update({
      where: { id: organizationId },
      data: { legal_name: "Renamed Holding", tax_id: "FR83404833048" },
    });
    await db.customer.update({
      where: { id: customer.id },
      data: { name: "Someone Else", tax_id: "DE999999999" },
    });
    await db.product.update({ where: { id: order.product_id }, data: { name: "Renamed Product" } });
    await db.order.update({ where: { id: order.id }, data: { billing_name: "Changed Directly" } });

    const after = await fetchPdf(res.body.url);
    expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(true);
    const again = await db.invoice.findFirstOrThrow({ where: { order_id: order.id } });
    expect(again.snapshot).toEqual(stored.snapshot);
    expect(again.rendered_at).toEqual(stored.rendered_at);
    expect(pdfText(after.bytes)).toContain("Acme Software SAS");
    expect(pdfText(after.bytes)).not.toContain("Renamed");
    await db.organization.update({
      where: { id: organizationId },
      data: { legal_name: "Acme Software SAS", tax_id: "FR40303265045" },
    });
  });

  it("serves nothing for a forged or truncated link", async () => {
    const { order } = await paidOrder();
    const { url } = (await post(order.id)).body;
    const forged = tokenOf(url).slice(0, -1) + (tokenOf(url).endsWith("A") ? "B" : "A");
    for (const bad of [forged, tokenOf(url).split(".")[0]!, "x".repeat(500), "../../etc"]) {
      const res = await invoicePdf(new Request("http://localhost/"), {
        params: Promise.resolve({ token: bad }),
      });
      expect(res.status).toBe(404);
    }
  });
});

describe("the billing details once invoiced", () => {
  it("can be corrected before the invoice; after it, the merchant's and the buyer's corrections are refused (409)", async () => {
    const { order, portal } = await paidOrder();
    const before = await call(patchOrder, {
      method: "PATCH",
      token,
      params: { id: order.id },
      body: { billing_name: "Buyer GmbH" },
    });
    expect(before.status).toBe(200);
    await post(order.id);

    const merchant = await call(patchOrder, {
      method: "PATCH",
      token,
      params: { id: order.id },
      body: { billing_address: { ...BERLIN, line1: "Elsewhere 9" } },
    });
    expect(merchant.status).toBe(409);
    expect(merchant.body).toEqual({
      error: "InvoiceAlreadyIssued",
      detail: expect.stringMatching(/invoice was issued/),
    });
    const buyer = await call(patchPortalOrder, {
      method: "PATCH",
      token: portal,
      params: { id: order.id },
      body: { billing_name: "Mallory" },
    });
    expect(buyer.status).toBe(409);
    expect(
      (await call(patchOrder, { method: "PATCH", token, params: { id: order.id }, body: {} })).status,
    ).toBe(200);
    const row = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.billing_name).toBe("Buyer GmbH");
    expect(row.billing_address).toEqual(BERLIN);
    const snapshot = (await db.invoice.findFirstOrThrow({ where: { order_id: order.id } }))
      .snapshot as InvoiceSnapshot;
    expect(snapshot.buyer.name).toBe("Buyer GmbH");
  });
});

describe("the customer portal's invoice", () => {
  it("lets the buyer issue and read their order's invoice, not another buyer's", async () => {
    const mine = await paidOrder();
    const theirs = await paidOrder();
    const foreign = await call(postPortalInvoice, {
      method: "POST",
      token: mine.portal,
      params: { id: theirs.order.id },
    });
    expect(foreign.status).toBe(404);
    expect((await call(getPortalInvoice, { token: mine.portal, params: { id: mine.order.id } })).status).toBe(
      404,
    );
    const res = await call(postPortalInvoice, {
      method: "POST",
      token: mine.portal,
      params: { id: mine.order.id },
    });
    expect(res.status).toBe(202);
    expect(
      (await call(getPortalInvoice, { token: mine.portal, params: { id: mine.order.id } })).body,
    ).toEqual(res.body);
    expect(await db.invoice.count({ where: { order_id: theirs.order.id } })).toBe(0);
  });
});

describe("automatic invoices", () => {
  it("a processed checkout's order gets its invoice by a job when the organization asks for it", async () => {
    const enabled = await call(patchOrganization, {
      method: "PATCH",
      token,
      params: { id: organizationId },
      body: { invoice_automatically: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.invoice_automatically).toBe(true);
    try {
      const customer = await createCustomer(db, organizationId, { name: "Auto Buyer" });
      const session = await createCheckout(db, organizationId, priceId, {
        status: "confirmed",
        customer_id: customer.id,
        customer_billing_address: BERLIN,
      });
      await enqueueJob(db, PROCESS_CHECKOUT_JOB, { checkout_id: session.id });
      await drainJobs();
      const order = await db.order.findUniqueOrThrow({ where: { checkout_id: session.id } });
      expect(order.invoice_issued_at).not.toBeNull();
      const invoice = await db.invoice.findFirstOrThrow({ where: { order_id: order.id } });
      expect(invoice).toMatchObject({ kind: "invoice", number: order.invoice_number });
      expect(invoice.pdf).not.toBeNull();
    } finally {
      await call(patchOrganization, {
        method: "PATCH",
        token,
        params: { id: organizationId },
        body: { invoice_automatically: false },
      });
    }
  });
});

describe("credit notes", () => {
  const refund = (orderId: string, amount: number) =>
    call(createRefund, {
      method: "POST",
      token,
      body: { order_id: orderId, amount, reason: "customer_request" },
    });

  it("a refund of an invoiced order gets a credit note naming the invoice; the documents list both", async () => {
    const org = await createOrganization(db, { customer_invoice_prefix: "CRED" });
    const orgToken = (await createToken(db, org.id)).token;
    const price = (
      await createProduct(db, org.id, { product: { name: "Credited" }, price: { price_amount: 10_000 } })
    ).price.id;
    const { order } = await paidOrder({ org: org.id, price });
    await post(order.id, orgToken);
    const made = await call(createRefund, {
      method: "POST",
      token: orgToken,
      body: { order_id: order.id, amount: 5_950, reason: "customer_request" },
    });
    expect(made.status).toBe(201);
    await drainJobs();

    const credit = await db.invoice.findFirstOrThrow({ where: { order_id: order.id, kind: "credit_note" } });
    expect(credit).toMatchObject({ number: "CRED-CN-0001", refund_id: made.body.id });
    const snapshot = credit.snapshot as InvoiceSnapshot;
    expect(snapshot).toMatchObject({ net_amount: -5_000, tax_amount: -950, total_amount: -5_950 });
    const documents = await call(listDocuments, { token: orgToken, params: { id: order.id } });
    expect(documents.status).toBe(200);
    expect(documents.body.items.map((d: { kind: string; number: string }) => [d.kind, d.number])).toEqual([
      ["invoice", order.invoice_number],
      ["credit_note", "CRED-CN-0001"],
    ]);
    const text = pdfText((await fetchPdf(documents.body.items[1].url)).bytes);
    expect(text).toContain("Credit note");
    expect(text).toContain(`Corrects invoice ${order.invoice_number} of`);
    expect(text).toContain("-$59.50");
  });

  it("a refund before the invoice gets its credit note when the invoice is issued", async () => {
    const { order } = await paidOrder();
    expect((await refund(order.id, 1_190)).status).toBe(201);
    await drainJobs();
    expect(await db.invoice.count({ where: { order_id: order.id } })).toBe(0);
    await post(order.id);
    await drainJobs();
    const documents = await db.invoice.findMany({
      where: { order_id: order.id },
      orderBy: { issued_at: "asc" },
    });
    expect(documents.map((d) => d.kind)).toEqual(["invoice", "credit_note"]);
    const invoice = documents[0]!.snapshot as InvoiceSnapshot;
    // The invoice shows the sale as it was; the refund is the credit note's.
    expect(invoice.total_amount).toBe(11_900);
    expect((documents[1]!.snapshot as InvoiceSnapshot).total_amount).toBe(-1_190);
  });

  it("numbers credit notes issued at once consecutively, without gap or duplicate", async () => {
    const org = await createOrganization(db, { customer_invoice_prefix: "PAR" });
    const orgToken = (await createToken(db, org.id)).token;
    const price = (await createProduct(db, org.id, { price: { price_amount: 10_000 } })).price.id;
    const refundIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { order } = await paidOrder({ org: org.id, price });
      await post(order.id, orgToken);
      for (const amount of [1_000, 2_000]) {
        const made = await call(createRefund, {
          method: "POST",
          token: orgToken,
          body: { order_id: order.id, amount, reason: "customer_request" },
        });
        refundIds.push(made.body.id);
      }
    }
    // Settle the refunds without their credit-note jobs, then issue all eight at once.
    await drainJobsExcept("invoices.credit-note");
    const ids = await Promise.all(refundIds.map((id) => issueCreditNote(db, id)));
    expect(ids.every(Boolean)).toBe(true);
    const numbers = (await db.invoice.findMany({ where: { organization_id: org.id, kind: "credit_note" } }))
      .map((row) => row.number)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `PAR-CN-000${i + 1}`));
    // The held-back jobs, retried later, find them issued: nothing more.
    await drainJobs(new Date(Date.now() + 3_600_000));
    expect(await db.invoice.count({ where: { organization_id: org.id, kind: "credit_note" } })).toBe(8);
  });
});

async function drainJobsExcept(name: string) {
  const skip: JobHandlers = {
    ...handlers,
    [name]: {
      run: async () => {
        throw new Error("held back by the test");
      },
    },
  };
  // Runs every other due job; the held-back ones fail their first attempt and wait for their retry.
  while ((await runDueJobs(db, skip, { limit: 50 })).claimed > 0);
}
