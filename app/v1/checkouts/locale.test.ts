// The buyer's language (docs/i18n.md) through the API: `locale` on a checkout (given, or the
// customer's) and on customers, refused when it is no language tag; the page in the checkout's
// language; confirm gives a new customer the purchase's language and keeps a customer's own; the
// purchase's receipt email and the receipt in the order's language.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization, createProduct, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { emailBodyContext } from "@/lib/email/queue";
import { decrypt } from "@/lib/secrets";
import { loadReceipt } from "@/lib/receipts/receipt";
import { pageLocale } from "@/lib/i18n/page-locale";
import { pageMessages } from "@/lib/i18n/translate";
import { COUNTRIES } from "@/lib/core/countries";
import { SUBDIVISIONS } from "@/lib/core/subdivisions";
import { localizedCountries } from "@/lib/i18n/countries";
import { Checkout } from "@/components/checkout/checkout";
import type { CheckoutView } from "@/components/checkout/api";
import { call } from "@/test/http";
import { POST as create } from "./route";
import { GET as read } from "./client/[client_secret]/route";
import { POST as confirm } from "./client/[client_secret]/confirm/route";
import { POST as createCustomerRoute } from "../customers/route";
import { PATCH as updateCustomerRoute } from "../customers/[id]/route";
import { CHECKOUT_NAMESPACES } from "@/app/checkout/load-checkout";

let db: Db;
let token = "";
let organizationId = "";
let productId = "";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db, { name: "Acme Software" });
  organizationId = org.id;
  token = (await createToken(db, org.id)).token;
  productId = (
    await createProduct(db, org.id, { product: { name: "Acme Pro" }, price: { price_amount: 4900 } })
  ).product.id;
  await db.product.update({ where: { id: productId }, data: { name: "Acme Pro" } });
  await db.productPrice.updateMany({ where: { product_id: productId }, data: { price_currency: "eur" } });
});

async function drainJobs() {
  for (let round = 0; round < 10; round++) {
    if ((await runDueJobs(db, jobHandlers, { limit: 10 })).claimed === 0) return;
  }
}

/** The hosted page as the server renders it, in the language it would choose. */
function renderPage(checkout: CheckoutView, acceptLanguage: string | null, query?: string) {
  const locale = pageLocale({ query, choices: [checkout.locale], acceptLanguage });
  return renderToStaticMarkup(
    createElement(Checkout, {
      initialCheckout: checkout,
      renderedAt: Date.parse(checkout.created_at),
      countries: localizedCountries(locale, COUNTRIES),
      subdivisions: SUBDIVISIONS,
      locale,
      messages: pageMessages(locale, CHECKOUT_NAMESPACES),
    }),
  );
}

describe("locale on a checkout", () => {
  it("is stored as given, returned, and the page speaks it, with money in its format", async () => {
    const created = await call(create, { token, body: { products: [productId], locale: "de" } });
    expect(created.status).toBe(201);
    expect(created.body.locale).toBe("de");
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: created.body.id } })).locale).toBe(
      "de",
    );

    const view = await call(read, { params: { client_secret: created.body.client_secret } });
    expect(view.status).toBe(200);
    expect(view.body.locale).toBe("de");
    // The checkout's language wins over the browser's.
    const html = plain(renderPage(view.body as CheckoutView, "fr-FR,fr;q=0.9"));
    expect(html).toContain('lang="de"');
    expect(html).toContain("Kontaktdaten");
    expect(html).toContain("Rechnungsadresse");
    expect(html).toContain("49,00 € bezahlen");
    expect(html).toContain("Vereinigte Staaten");
    // The merchant's own text as written.
    expect(html).toContain("Acme Pro");
    // `?locale=` wins over both.
    expect(plain(renderPage(view.body as CheckoutView, "fr", "es"))).toContain("Pagar 49,00 €");
  });

  it("keeps a tag in a language not offered, and the page follows the browser then", async () => {
    const created = await call(create, { token, body: { products: [productId], locale: "pt-BR" } });
    expect(created.status).toBe(201);
    expect(created.body.locale).toBe("pt-BR");
    const view = (await call(read, { params: { client_secret: created.body.client_secret } }))
      .body as CheckoutView;
    const html = plain(renderPage(view, "fr-CH, en;q=0.5"));
    expect(html).toContain("Coordonnées");
    expect(html).toContain("Payer 49,00 €");
    expect(plain(renderPage({ ...view, locale: null }, null))).toContain("Pay €49.00");
  });

  it("refuses what is no language tag with a 422 and creates nothing", async () => {
    const before = await db.checkoutSession.count({ where: { organization_id: organizationId } });
    for (const locale of ["not a tag", "d", "de--DE", "x".repeat(36), "de\u0000", 42]) {
      const response = await call(create, { token, body: { products: [productId], locale } });
      expect(response.status, String(locale)).toBe(422);
      expect(response.body.detail[0].loc).toEqual(["body", "locale"]);
    }
    expect(await db.checkoutSession.count({ where: { organization_id: organizationId } })).toBe(before);
  });

  it("takes the customer's when none is given", async () => {
    const customer = await createCustomer(db, organizationId, { locale: "es" });
    const created = await call(create, {
      token,
      body: { products: [productId], customer_id: customer.id },
    });
    expect(created.body.locale).toBe("es");
    const given = await call(create, {
      token,
      body: { products: [productId], customer_id: customer.id, locale: "fr" },
    });
    expect(given.body.locale).toBe("fr");
  });
});

describe("confirm", () => {
  it("gives a new customer the language the page was shown in; the receipt email and receipt speak it", async () => {
    const created = await call(create, { token, body: { products: [productId] } });
    expect(created.body.locale).toBeNull();
    // The page sends its language with confirm when the session had none (components/checkout/checkout-pay.ts).
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: "marie@example.com",
        customer_name: "Marie",
        customer_billing_address: { country: "FR" },
        confirmation_token_id: TEST_TOKENS.succeeds,
        locale: "fr",
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.locale).toBe("fr");
    const customer = await db.customer.findUniqueOrThrow({ where: { id: confirmed.body.customer_id } });
    expect(customer.locale).toBe("fr");

    await drainJobs();
    const order = await db.order.findFirstOrThrow({ where: { checkout_id: created.body.id } });
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id, kind: "order_receipt" } });
    // A test organization's emails say so first ("[Test] ").
    expect(email.subject).toMatch(/Acme Software : votre reçu$/);
    const text = plain(decrypt(email.text_sealed, emailBodyContext(email.id, "text")));
    expect(text).toContain("Total payé : 49,00 €");
    expect(text).toMatch(/^Votre reçu : http\S+\/receipts\//m);

    const receipt = await loadReceipt(db, order.id);
    expect(receipt).toMatchObject({ locale: "fr", paymentStatus: "Payé" });
    expect(plain(receipt!.totals.at(-1)!.value)).toBe("49,00 €");
    expect(receipt!.buyer.addressLines).toContain("France");
  });

  it("keeps a known customer's own language", async () => {
    await createCustomer(db, organizationId, { email: "hans@example.com", locale: "de" });
    const created = await call(create, { token, body: { products: [productId], locale: "es" } });
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: "hans@example.com",
        customer_name: "Hans",
        customer_billing_address: { country: "DE" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    expect((await db.customer.findUniqueOrThrow({ where: { id: confirmed.body.customer_id } })).locale).toBe(
      "de",
    );
  });
});

describe("locale on a customer", () => {
  it("is set on create and update, cleared with null, refused when no tag", async () => {
    const created = await call(createCustomerRoute, {
      token,
      body: { email: "locale-customer@example.com", locale: "fr-CA" },
    });
    expect(created.status).toBe(201);
    expect(created.body.locale).toBe("fr-CA");
    const updated = await call(updateCustomerRoute, {
      token,
      params: { id: created.body.id },
      body: { locale: "es" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.locale).toBe("es");
    const refused = await call(updateCustomerRoute, {
      token,
      params: { id: created.body.id },
      body: { locale: "español" },
    });
    expect(refused.status).toBe(422);
    const cleared = await call(updateCustomerRoute, {
      token,
      params: { id: created.body.id },
      body: { locale: null },
    });
    expect(cleared.body.locale).toBeNull();
    expect((await db.customer.findUniqueOrThrow({ where: { id: created.body.id } })).locale).toBeNull();
  });
});
