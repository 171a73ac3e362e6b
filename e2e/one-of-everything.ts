// One record of every kind the dashboard shows, in a spec's own organization (./own-organization.ts),
// for the specs that walk through every page: a product with a license-key benefit, a discount, a
// custom field, a checkout link, a webhook endpoint, a customer, and one paid monthly subscription
// (test card) with its order, license key, activation and receipt email.
import { expect } from "./fixtures";
import type { Shop } from "./own-organization";

let sequence = 0;
/** A name unique to this run and call, lower case (fits slugs and emails). */
export function unique(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${++sequence}`;
}

type Listed = { items: { id: string; invoice_number?: string; display_key?: string; key?: string }[] };

export async function createOneOfEverything(shop: Shop, buyerEmail: string) {
  const benefit = await shop.post("/v1/benefits/", {
    type: "license_keys",
    description: "Pro license key",
    properties: { prefix: "PRO", activations: { limit: 3 } },
  });
  const product = await shop.post("/v1/products/", {
    name: "Pro Tool",
    prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 4900 }],
  });
  await shop.post(`/v1/products/${product.id}/benefits`, { benefits: [benefit.id] });
  const discount = await shop.post("/v1/discounts/", {
    name: "Launch",
    type: "percentage",
    basis_points: 1000,
    duration: "once",
    code: unique("launch").replace(/-/g, "").toUpperCase().slice(0, 20),
  });
  const customField = await shop.post("/v1/custom-fields/", {
    type: "text",
    slug: "company",
    name: "Company",
  });
  const checkoutLink = await shop.post("/v1/checkout-links/", {
    products: [product.id],
    label: "Pro Tool link",
  });
  const webhook = await shop.post("/v1/webhooks/endpoints", {
    url: "https://example.com/hooks/shop",
    events: ["order.paid"],
  });
  const customer = await shop.post("/v1/customers/", { email: `walk-in-${unique("c")}@example.com` });
  const checkout = await shop.post("/v1/checkouts/custom/", { product_id: product.id });
  await shop.anonymous.post(`/v1/checkouts/custom/client/${checkout.client_secret}/confirm`, {
    customer_email: buyerEmail,
    customer_name: "Jane Buyer",
    customer_billing_address: { country: "DE" },
    confirmation_token_id: "tok_visa",
  });
  // The order, key and receipt are written by the job worker after the payment: wait for them.
  const first = async (path: string) => {
    let found: Listed["items"][number] | undefined;
    await expect
      .poll(async () => (found = ((await shop.get(path)) as Listed).items[0]), { timeout: 30_000 })
      .toBeTruthy();
    return found!;
  };
  const order = await first("/v1/orders/");
  const [licenseKey, subscription, email] = await Promise.all([
    first("/v1/license-keys"),
    first("/v1/subscriptions/"),
    first("/v1/emails/"),
  ]);
  const activation = await shop.post("/v1/license-keys/activate", {
    key: licenseKey.key,
    organization_id: shop.id,
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
