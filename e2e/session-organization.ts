// A spec's own organization made from a signed-in page (the dashboard specs that also click through it), by the demo admin through the API with the session
// cookie (and its CSRF header), so that no spec depends on the demo organization's data.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

type Json = Record<string, unknown>;

/** The /v1 API as the browser's signed-in merchant calls it (cookies of the page's context). */
export async function sessionApi(page: Page) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "dsb_csrf")?.value;
  expect(csrf, "signed in: the dsb_csrf cookie").toBeTruthy();
  const headers = { "x-csrf-token": decodeURIComponent(csrf!) };
  return {
    async post<T = Json>(path: string, data: unknown): Promise<T> {
      const res = await page.request.post(path, { headers, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
    async get<T = Json>(path: string): Promise<T> {
      const res = await page.request.get(path);
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
  };
}

export type SessionApi = Awaited<ReturnType<typeof sessionApi>>;

let sequence = 0;
/** A name unique to this run and call, lower case (fits slugs and emails). */
export function unique(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${++sequence}`;
}

/** A new, empty organization of the signed-in merchant. */
export async function createOrganization(api: SessionApi, tag: string) {
  const slug = unique(tag);
  return api.post<{ id: string; slug: string; name: string }>("/v1/organizations/", {
    name: `Shop ${slug}`,
    slug,
  });
}

type Listed = { items: { id: string; invoice_number?: string; display_key?: string; key?: string }[] };

/**
 * Some of everything in the organization: a product with a license-key benefit, a discount, a
 * custom field, a checkout link, a webhook endpoint, a customer, and one paid monthly subscription
 * (test card) with its order, license key and receipt email.
 */
export async function seedSales(api: SessionApi, organizationId: string, buyerEmail: string) {
  const organization_id = organizationId;
  const benefit = await api.post<{ id: string }>("/v1/benefits/", {
    type: "license_keys",
    description: "Pro license key",
    properties: { prefix: "PRO", activations: { limit: 3 } },
    organization_id,
  });
  const product = await api.post<{ id: string }>("/v1/products/", {
    name: "Pro Tool",
    prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 4900 }],
    organization_id,
  });
  await api.post(`/v1/products/${product.id}/benefits`, { benefits: [benefit.id] });
  const discount = await api.post<{ id: string }>("/v1/discounts/", {
    name: "Launch",
    type: "percentage",
    basis_points: 1000,
    duration: "once",
    code: unique("launch").replace(/-/g, "").toUpperCase().slice(0, 20),
    organization_id,
  });
  const customField = await api.post<{ id: string }>("/v1/custom-fields/", {
    type: "text",
    slug: "company",
    name: "Company",
    organization_id,
  });
  const checkoutLink = await api.post<{ id: string }>("/v1/checkout-links/", {
    products: [product.id],
    label: "Pro Tool link",
    organization_id,
  });
  const webhook = await api.post<{ id: string }>("/v1/webhooks/endpoints", {
    url: "https://example.com/hooks/shop",
    events: ["order.paid"],
    organization_id,
  });
  const customer = await api.post<{ id: string }>("/v1/customers/", {
    email: `walk-in-${unique("c")}@example.com`,
    organization_id,
  });
  const checkout = await api.post<{ id: string; client_secret: string }>("/v1/checkouts/custom/", {
    product_id: product.id,
  });
  await api.post(`/v1/checkouts/custom/client/${checkout.client_secret}/confirm`, {
    customer_email: buyerEmail,
    customer_name: "Jane Buyer",
    customer_billing_address: { country: "DE" },
    confirmation_token_id: "tok_visa",
  });
  // The order, key and receipt are written by the job worker after the payment: wait for them.
  const first = async (path: string) => {
    let found: Listed["items"][number] | undefined;
    await expect
      .poll(
        async () => (found = (await api.get<Listed>(`${path}?organization_id=${organization_id}`)).items[0]),
        {
          timeout: 30_000,
        },
      )
      .toBeTruthy();
    return found!;
  };
  const order = await first("/v1/orders/");
  const [licenseKey, subscription, email] = await Promise.all([
    first("/v1/license-keys"),
    first("/v1/subscriptions/"),
    first("/v1/emails/"),
  ]);
  const activation = await api.post<{ id: string }>("/v1/license-keys/activate", {
    key: licenseKey.key,
    organization_id,
    label: "Jane's laptop",
  });
  return {
    activation,
    webhook,
    subscription,
    email,
    benefit,
    product,
    discount,
    customField,
    checkoutLink,
    customer,
    checkout,
    order,
    licenseKey,
  };
}
