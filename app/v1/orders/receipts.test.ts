// Order numbers and receipts (issue 13): sequential numbers per organization under parallel
// purchases (no duplicate, no gap, a rolled-back order gives its number back), renewals take the
// next one, the API shows it; the signed receipt links (page and PDF), the merchant's PDF route,
// forged links; the purchase email's number, receipt link and first-period discount disclosure.
import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  createCheckout,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
  createUnnumberedOrder,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import {
  formatInvoiceNumber,
  formattedInvoiceNumberSql,
  numberOrder,
  takeInvoiceNumber,
} from "@/lib/orders/invoice-numbers";
import { completeRenewal } from "@/lib/subscriptions/renewal-outcome";
import { lockRowForEvents } from "@/lib/webhooks/listeners";
import { emailBodyContext } from "@/lib/email/queue";
import { decrypt } from "@/lib/secrets";
import { receiptPdfUrl, receiptToken, receiptUrl } from "@/lib/receipts/links";
import { findReceiptByToken } from "@/lib/receipts/public";
import { ReceiptDocument } from "@/components/receipts/receipt-document";
import { call, callRaw } from "@/test/http";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { GET as getClientCheckout } from "../checkouts/custom/client/[client_secret]/route";
import { GET as getOrder } from "./[id]/route";
import { GET as getMerchantReceipt } from "./[id]/receipt/route";
import { GET as getReceiptPdf } from "@/app/receipts/[token]/pdf/route";

let db: Db;
let org: { id: string };
let token: string;
let otherToken: string;
let oneTimePriceId: string;
let monthlyPriceId: string;

const ADDRESS = { country: "US", state: "US-NY", line1: "1 Main St", city: "New York", postal_code: "10001" };

function confirmBody(n: number) {
  return {
    confirmation_token_id: "tok_visa",
    customer_email: `receipt-buyer-${n}@example.com`,
    customer_name: `Buyer ${n}`,
    customer_billing_address: ADDRESS,
  };
}

async function drainJobs() {
  // Several workers at once, as several app instances would: orders are created in parallel.
  for (let round = 0; round < 20; round++) {
    const results = await Promise.all([1, 2, 3, 4].map(() => runDueJobs(db, jobHandlers, { limit: 5 })));
    if (results.every((r) => r.claimed === 0)) return;
  }
}

function pdfOf(token: string) {
  return getReceiptPdf(new Request(`http://localhost/receipts/${token}/pdf`), {
    params: Promise.resolve({ token }),
  });
}

beforeAll(async () => {
  db = await getDb();
  org = await createOrganization(db, {
    name: "Acme Software",
    slug: "acme-receipts",
    customer_invoice_prefix: "ACME",
    email: "help@acme.example",
  });
  token = (await createToken(db, org.id)).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
  await db.taxRate.create({
    data: { id: randomUUID(), organization_id: org.id, country: "US", state: null, basis_points: 2500 },
  });
  oneTimePriceId = (
    await createProduct(db, org.id, { product: { name: "Acme Pro" }, price: { price_amount: 1000 } })
  ).price.id;
  monthlyPriceId = (
    await createProduct(db, org.id, {
      product: { name: "Acme Cloud" },
      price: { type: "recurring", recurring_interval: "month", price_amount: 1000 },
    })
  ).price.id;
});

describe("order numbers", () => {
  it("numbers parallel purchases 1..n with no duplicate and no gap; a rolled-back order gives its number back", async () => {
    const sessions = await Promise.all(
      Array.from({ length: 12 }, () => createCheckout(db, org.id, oneTimePriceId)),
    );
    const confirmed = await Promise.all(
      sessions.map((session, n) =>
        call(confirm, { params: { client_secret: session.client_secret }, body: confirmBody(n) }),
      ),
    );
    expect(confirmed.map((r) => r.status)).toEqual(sessions.map(() => 200));
    // A transaction that took a number and then failed: its number is not lost.
    await expect(
      db.$transaction(async (tx) => {
        await takeInvoiceNumber(tx, org.id);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await drainJobs();

    const orders = await db.order.findMany({
      where: { organization_id: org.id },
      orderBy: { invoice_number: "asc" },
    });
    expect(orders).toHaveLength(12);
    expect(orders.map((o) => o.invoice_number)).toEqual(
      Array.from({ length: 12 }, (_, i) => `ACME-${String(i + 1).padStart(4, "0")}`),
    );
    const counter = await db.invoiceCounter.findUniqueOrThrow({ where: { organization_id: org.id } });
    expect(counter.next_number).toBe(13);
  });

  it("formats a number in SQL as formatInvoiceNumber does", async () => {
    for (const number of [1, 42, 999, 9999, 10000, 123456, 2147483647]) {
      const [row] = await db.$queryRaw<{ formatted: string }[]>(
        Prisma.sql`SELECT ${formattedInvoiceNumberSql(Prisma.sql`${"ACME"}::text`, Prisma.sql`${number}::int`)} AS formatted`,
      );
      expect(row!.formatted).toBe(formatInvoiceNumber("ACME", number));
    }
  });

  it("numbers an order inserted unnumbered in its transaction; rolled back, the number goes back", async () => {
    // An organization of its own, so that the numbers the other tests expect stay theirs.
    const own = await createOrganization(db, { customer_invoice_prefix: "LATE" });
    const customer = await createCustomer(db, own.id);
    const { price } = await createProduct(db, own.id, {});
    const insertUnnumbered = (tx: Tx) =>
      createUnnumberedOrder(tx, own.id, { customerId: customer.id, priceId: price.id });
    await expect(
      db.$transaction(async (tx) => {
        const order = await insertUnnumbered(tx);
        expect(await numberOrder(tx, own.id, order.id)).toBe("LATE-0001");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const kept = await db.$transaction(async (tx) => {
      const order = await insertUnnumbered(tx);
      return { id: order.id, number: await numberOrder(tx, own.id, order.id) };
    });
    expect(kept.number).toBe("LATE-0001");
    expect((await db.order.findUniqueOrThrow({ where: { id: kept.id } })).invoice_number).toBe("LATE-0001");
    // Another organization's order is not numbered from this one's counter, and takes nothing.
    await expect(db.$transaction((tx) => numberOrder(tx, org.id, kept.id))).rejects.toThrow(
      "not found while numbering it",
    );
    expect(
      (await db.invoiceCounter.findUniqueOrThrow({ where: { organization_id: own.id } })).next_number,
    ).toBe(2);
  });

  it("gives a renewal the next number, and GET /v1/orders/{id} shows it", async () => {
    const customer = await createCustomer(db, org.id);
    const first = await createOrder(db, org.id, { customerId: customer.id, priceId: monthlyPriceId });
    expect(first.invoice_number).toBe("ACME-0013");
    const subscription = await db.subscription.findUniqueOrThrow({ where: { id: first.subscription_id! } });
    const renewal = await db.$transaction(async (tx) => {
      await lockRowForEvents(tx, "subscriptions", subscription.id);
      const locked = await tx.subscription.findUniqueOrThrow({ where: { id: subscription.id } });
      await completeRenewal(
        tx,
        locked,
        {
          period_end: locked.current_period_end!.toISOString(),
          subtotal_amount: 1000,
          tax_amount: 250,
          discount_id: null,
          billing_address: ADDRESS,
        },
        locked.current_period_end!,
      );
      return tx.order.findFirstOrThrow({
        where: { subscription_id: subscription.id, billing_reason: "subscription_cycle" },
      });
    });
    expect(renewal.invoice_number).toBe("ACME-0014");

    const res = await call(getOrder, { token, params: { id: renewal.id } });
    expect(res.status).toBe(200);
    expect(res.body.invoice_number).toBe("ACME-0014");
  });

  it("keeps numbering after the prefix changes, with the new prefix", async () => {
    await db.organization.update({ where: { id: org.id }, data: { customer_invoice_prefix: "ACMESW" } });
    const customer = await createCustomer(db, org.id);
    const order = await createOrder(db, org.id, { customerId: customer.id, priceId: oneTimePriceId });
    expect(order.invoice_number).toBe("ACMESW-0015");
    await db.organization.update({ where: { id: org.id }, data: { customer_invoice_prefix: "ACME" } });
  });
});

describe("receipts", () => {
  it("serves the buyer's PDF and page from the emailed link; the email has the number and the link", async () => {
    const order = await db.order.findFirstOrThrow({
      where: { organization_id: org.id, invoice_number: "ACME-0001" },
    });
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id, kind: "order_receipt" } });
    const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
    expect(text).toContain("Order: ACME-0001");
    expect(text).toContain(`Your receipt: ${receiptUrl(order.id)}`);
    expect(text).toContain(`Receipt (PDF): ${receiptPdfUrl(order.id)}`);

    const link = receiptUrl(order.id);
    const linkToken = decodeURIComponent(new URL(link).pathname.split("/")[2]!);
    expect(linkToken).toBe(receiptToken(order.id));

    const pdf = await pdfOf(linkToken);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('inline; filename="receipt-ACME-0001.pdf"');
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain("(Receipt ACME-0001)");

    const receipt = await findReceiptByToken(linkToken, db);
    expect(receipt).toMatchObject({
      invoiceNumber: "ACME-0001",
      paymentStatus: "Paid",
      seller: { name: "Acme Software", email: "help@acme.example" },
      buyer: {
        email: expect.stringMatching(/^receipt-buyer-\d+@example\.com$/),
        addressLines: ["1 Main St", "10001 New York, NY", "United States"],
      },
      totals: [
        { label: "Subtotal", value: "$10.00" },
        { label: "Tax", value: "$2.50" },
        { label: "Total", value: "$12.50", strong: true },
      ],
    });
    const html = renderToStaticMarkup(
      createElement(ReceiptDocument, { receipt: receipt!, pdfHref: `${link}/pdf` }),
    );
    expect(html).toContain("ACME-0001");
    expect(html).toContain("Acme Software");
    expect(html).toContain("$12.50");
  });

  /** An order of this test's own, numbered as the organization numbers them. */
  const ownOrder = async () =>
    createOrder(db, org.id, { customerId: (await createCustomer(db, org.id)).id, priceId: oneTimePriceId });

  it("answers 404 to a forged, altered or unknown token", async () => {
    const order = await ownOrder();
    const real = receiptToken(order.id);
    const forged = [
      order.id,
      `${order.id}.${"A".repeat(43)}`,
      `${randomUUID()}.${real.split(".")[1]}`,
      `${real}x`,
      real.slice(0, -1) + (real.endsWith("A") ? "B" : "A"),
      "x".repeat(5000),
    ];
    for (const token of forged) {
      const res = await pdfOf(token);
      expect(res.status).toBe(404);
      expect(await findReceiptByToken(token, db)).toBeNull();
    }
    // A valid signature for an order that does not exist (deleted): not found either.
    expect(await findReceiptByToken(receiptToken(randomUUID()), db)).toBeNull();
  });

  it("GET /v1/orders/{id}/receipt: the PDF for the merchant, 404 for another organization", async () => {
    const order = await ownOrder();
    const number = order.invoice_number;
    expect(number).toMatch(/^ACME-\d{4}$/);
    const res = await callRaw(getMerchantReceipt, { token, params: { id: order.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="receipt-${number}.pdf"`);
    expect(Buffer.from(await res.arrayBuffer()).toString("latin1")).toContain(`(Receipt ${number})`);
    const foreign = await call(getMerchantReceipt, { token: otherToken, params: { id: order.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it("GET /v1/orders/{id}/receipt answers {url} of the PDF to the current SDK (Polar-Version) and to Accept: application/json", async () => {
    const order = await ownOrder();
    const clients: Record<string, string>[] = [
      { "polar-version": "2026-10" },
      { accept: "application/json" },
    ];
    for (const headers of clients) {
      const res = await call(getMerchantReceipt, { token, params: { id: order.id }, headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toEqual({ url: expect.stringMatching(/\/receipts\/[^/]+\/pdf$/) });
      // The link opens the same PDF without a credential.
      const linkToken = decodeURIComponent(new URL(res.body.url).pathname.split("/")[2]!);
      const pdf = await pdfOf(linkToken);
      expect(pdf.status).toBe(200);
      expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1")).toContain(
        `(Receipt ${order.invoice_number})`,
      );
      const foreign = await call(getMerchantReceipt, {
        token: otherToken,
        params: { id: order.id },
        headers,
      });
      expect(foreign.status).toBe(404);
    }
    // A browser's Accept (the dashboard's download link) still gets the PDF.
    const browser = await callRaw(getMerchantReceipt, {
      token,
      params: { id: order.id },
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(browser.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("first-period discount disclosure", () => {
  it("says '$X today, then $Y / month' (Y with tax) in the client view, and the email; the confirmation view carries the order", async () => {
    const discount = await createDiscount(db, org.id, { duration: "once", basis_points: 5000, code: "HALF" });
    const session = await createCheckout(db, org.id, monthlyPriceId, {
      discount_id: discount.id,
      customer_billing_address: ADDRESS,
    });
    const open = await call(getClientCheckout, { params: { client_secret: session.client_secret } });
    expect(open.body).toMatchObject({
      total_amount: 625,
      total_amount_after_discount_ends: 1250,
      order: null,
    });

    const confirmed = await call(confirm, {
      params: { client_secret: session.client_secret },
      body: confirmBody(99),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ total_amount: 625, total_amount_after_discount_ends: 1250 });
    await drainJobs();

    const done = await call(getClientCheckout, { params: { client_secret: session.client_secret } });
    expect(done.body.status).toBe("succeeded");
    const order = await db.order.findUniqueOrThrow({ where: { checkout_id: session.id } });
    expect(done.body.order).toEqual({
      id: order.id,
      invoice_number: order.invoice_number,
      receipt_url: receiptUrl(order.id),
      receipt_pdf_url: receiptPdfUrl(order.id),
    });
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id, kind: "order_receipt" } });
    const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
    expect(text).toContain("$6.25 today, then $12.50 / month.");
    expect(text).toContain(`Order: ${order.invoice_number}`);
  });

  it("a subscription whose first period is free still saves a card for its renewals", async () => {
    const discount = await createDiscount(db, org.id, { duration: "once", basis_points: 10000 });
    const session = await createCheckout(db, org.id, monthlyPriceId, {
      discount_id: discount.id,
      customer_billing_address: ADDRESS,
    });
    const params = { client_secret: session.client_secret };
    const open = await call(getClientCheckout, { params });
    expect(open.body).toMatchObject({
      total_amount: 0,
      total_amount_after_discount_ends: 1250,
      is_payment_form_required: true,
      is_payment_setup_required: true,
    });
    const { confirmation_token_id: _omitted, ...withoutCard } = confirmBody(100);
    const refused = await call(confirm, { params, body: withoutCard });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      { type: "missing", loc: ["body", "confirmation_token_id"], msg: "Field required", input: null },
    ]);
    expect((await call(confirm, { params, body: confirmBody(100) })).status).toBe(200);
    await drainJobs();
    const order = await db.order.findUniqueOrThrow({ where: { checkout_id: session.id } });
    expect(order).toMatchObject({ amount: 0, tax_amount: 0 });
    const subscription = await db.subscription.findUniqueOrThrow({ where: { id: order.subscription_id! } });
    expect(subscription.payment_method_ref).toEqual(expect.any(String));
    const attempt = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
    expect(attempt).toMatchObject({ kind: "setup", amount: 0, status: "succeeded" });
  });

  it("says nothing more for a forever discount (the price does not change)", async () => {
    const discount = await createDiscount(db, org.id, { duration: "forever", basis_points: 5000 });
    const session = await createCheckout(db, org.id, monthlyPriceId, {
      discount_id: discount.id,
      customer_billing_address: ADDRESS,
    });
    const open = await call(getClientCheckout, { params: { client_secret: session.client_secret } });
    expect(open.body).toMatchObject({ total_amount: 625, total_amount_after_discount_ends: null });
  });
});
