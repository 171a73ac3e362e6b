// Each browser spec's own organization (CONTRIBUTING.md, "Writing tests"), made through the API as a
// merchant would: the server's one merchant (the demo admin: the API has no sign-up, and merchants
// beyond the first come from `npm run user:create`) signs in, creates a fresh organization and an
// access token for it. The spec then builds what it needs with the factories below, so no spec
// reads or changes the demo organization, and none depends on another spec's data.
import { expect, request as apiRequest, test, type APIRequestContext } from "@playwright/test";
import { SCOPES } from "../lib/auth/scopes";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, E2E_BASE_URL } from "./env";

/** A JSON answer, read by the specs as they need it (their assertions check its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answers, as the specs read them
type Json = any;

export type Shop = {
  id: string;
  name: string;
  slug: string;
  /** The organization's dashboard, `/dashboard/<slug>`. */
  dashboard: string;
  /** Its customer portal, `/portal/<slug>`. */
  portal: string;
  /** An access token of the organization with every scope, as an Authorization header. */
  auth: { authorization: string };
  /** Where the admin lands after signing in: their first organization by name (not this one). */
  adminLanding: string;
  get: (path: string) => Promise<Json>;
  post: (path: string, data?: unknown) => Promise<Json>;
  patch: (path: string, data: unknown) => Promise<Json>;
  put: (path: string, data: unknown) => Promise<Json>;
  /** The same without the token: the public routes a buyer's browser or software calls. */
  anonymous: {
    get: (path: string) => Promise<Json>;
    post: (path: string, data?: unknown) => Promise<Json>;
    patch: (path: string, data: unknown) => Promise<Json>;
  };
  dispose: () => Promise<void>;
};

async function ok(response: Awaited<ReturnType<APIRequestContext["get"]>>) {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

/**
 * A fresh organization named "Acme Software · <tag>" (after the demo's "Acme Software" in the
 * admin's list, so signing in still lands where it always did), with a support email and the
 * demo's tax rates (19 % in Germany, 7.25 % in California), and an all-scopes token.
 */
export async function createShop(tag: string): Promise<Shop> {
  const slug = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const name = `Acme Software · ${tag}`;
  const merchant = await apiRequest.newContext({ baseURL: E2E_BASE_URL });
  let id: string, token: string, adminLanding: string;
  try {
    const session = await ok(
      await merchant.post("/v1/auth/sign-in", {
        data: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
      }),
    );
    const headers = { "x-csrf-token": session.csrf_token as string };
    const organization = await ok(
      await merchant.post("/v1/organizations/", { headers, data: { name, slug, email: "sales@acme.test" } }),
    );
    id = organization.id;
    const created = await ok(
      await merchant.post("/v1/organization-access-tokens/", {
        headers,
        data: { organization_id: id, comment: `e2e ${tag}`, scopes: SCOPES },
      }),
    );
    token = created.token;
    const view = await ok(await merchant.get("/v1/auth/session"));
    adminLanding = `/dashboard/${view.organizations[0].slug}`;
  } finally {
    await merchant.dispose();
  }
  const auth = { authorization: `Bearer ${token}` };
  const api = await apiRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: auth });
  const anonymous = await apiRequest.newContext({ baseURL: E2E_BASE_URL });
  const shop: Shop = {
    id,
    name,
    slug,
    dashboard: `/dashboard/${slug}`,
    portal: `/portal/${slug}`,
    auth,
    adminLanding,
    get: async (path) => ok(await api.get(path)),
    post: async (path, data) => ok(await api.post(path, { data })),
    patch: async (path, data) => ok(await api.patch(path, { data })),
    put: async (path, data) => ok(await api.put(path, { data })),
    anonymous: {
      get: async (path) => ok(await anonymous.get(path)),
      post: async (path, data) => ok(await anonymous.post(path, { data })),
      patch: async (path, data) => ok(await anonymous.patch(path, { data })),
    },
    dispose: async () => {
      await api.dispose();
      await anonymous.dispose();
    },
  };
  await shop.put(`/v1/organizations/${id}/tax-rates`, {
    tax_rates: [
      { country: "DE", basis_points: 1900 },
      { country: "US", state: "CA", basis_points: 725 },
    ],
  });
  return shop;
}

/**
 * The spec's own organization, in one line at the top of a spec: the object is filled before its
 * tests (test.beforeAll, so a retried worker makes a fresh one) and let go after them.
 */
export function ownShop(tag: string): Shop {
  const shop = {} as Shop;
  test.beforeAll(async () => {
    Object.assign(shop, await createShop(tag));
  });
  test.afterAll(async () => {
    await shop.dispose?.();
  });
  return shop;
}

/** The demo's catalog in the spec's own organization (after ownShop, whose hook runs first). */
export function ownCatalog(shop: Shop): Catalog {
  const catalog = {} as Catalog;
  test.beforeAll(async () => {
    Object.assign(catalog, await createCatalog(shop));
  });
  return catalog;
}

/** The demo's sales in the spec's own organization (after ownCatalog), bought before its tests. */
export function ownSales(shop: Shop, catalog: Catalog) {
  test.beforeAll(async () => {
    test.setTimeout(120_000); // six purchases through the checkout, and their activations
    await createSales(shop, catalog);
  });
}

export type Catalog = {
  /** One-time $49 with a license key (ACME-, 3 activations, 1 year), support, a required field. */
  studio: { id: string; priceId: string };
  /** Monthly $9 with the same license key. */
  cloud: { id: string; priceId: string };
  /** Pay what you want: $3 to $500, $15 suggested, with the support benefit. */
  icons: { id: string; priceId: string };
};

/** The demo's catalog in the shop: its products, benefits, custom field and discount codes. */
export async function createCatalog(shop: Shop): Promise<Catalog> {
  const license = await shop.post("/v1/benefits/", {
    type: "license_keys",
    description: "License key for Acme Studio",
    properties: { prefix: "ACME", activations: { limit: 3 }, expires: { ttl: 1, timeframe: "year" } },
  });
  const support = await shop.post("/v1/benefits/", {
    type: "custom",
    description: "Priority email support",
    properties: { note: "Write to support@acme.test with your order number." },
  });
  const company = await shop.post("/v1/custom-fields/", {
    type: "text",
    slug: "company",
    name: "Company",
    properties: { form_label: "Company name", form_placeholder: "Acme Inc.", min_length: 2, max_length: 100 },
  });
  const product = async (body: Record<string, unknown>, benefits: string[]) => {
    const created = await shop.post("/v1/products/", body);
    await shop.post(`/v1/products/${created.id}/benefits`, { benefits });
    return { id: created.id as string, priceId: created.prices[0].id as string };
  };
  const studio = await product(
    {
      name: "Acme Studio",
      description: "The desktop editor, yours forever. Includes 1 year of updates.",
      prices: [{ amount_type: "fixed", price_amount: 4900 }],
      attached_custom_fields: [{ custom_field_id: company.id, required: true }],
    },
    [license.id, support.id],
  );
  const cloud = await product(
    {
      name: "Acme Cloud",
      description: "Sync and backups, billed monthly.",
      prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 900 }],
    },
    [license.id],
  );
  const icons = await product(
    {
      name: "Acme Icons",
      description: "400 hand-drawn icons. Pay what you think they are worth.",
      prices: [{ amount_type: "custom", minimum_amount: 300, maximum_amount: 50_000, preset_amount: 1500 }],
    },
    [support.id],
  );
  for (const discount of [
    { name: "Launch week", code: "LAUNCH20", type: "percentage", basis_points: 2000, duration: "once" },
    { name: "Five off", code: "FIVEOFF", type: "fixed", amount: 500, duration: "once", max_redemptions: 100 },
    {
      name: "Friends and family",
      code: "FRIENDS100",
      type: "percentage",
      basis_points: 10_000,
      duration: "once",
    },
  ]) {
    await shop.post("/v1/discounts/", discount);
  }
  return { studio, cloud, icons };
}

export type Purchase = {
  orderId: string;
  customerId: string;
  checkoutId: string;
  order: Json;
  /** The license keys the order granted. */
  keys: { id: string; key: string }[];
};

/**
 * A buyer's purchase over the public API with the test card: the session, the buyer's details,
 * confirm, then the order once the server's worker has processed it (polled, no fixed wait).
 */
export async function buy(
  shop: Shop,
  productId: string,
  buyer: {
    email: string;
    name?: string;
    country?: string;
    state?: string;
    discountCode?: string;
    customFieldData?: Record<string, string>;
  },
): Promise<Purchase> {
  const session = await shop.post("/v1/checkouts/custom/", { product_id: productId });
  const client = `/v1/checkouts/custom/client/${session.client_secret}`;
  // The buyer's side: the client routes, as the checkout page calls them (state: "US-CA").
  await shop.anonymous.patch(client, {
    customer_email: buyer.email,
    customer_name: buyer.name ?? "Test Buyer",
    customer_billing_address: {
      country: buyer.country ?? "FR",
      ...(buyer.state ? { state: buyer.state } : {}),
    },
    custom_field_data: buyer.customFieldData ?? {},
    ...(buyer.discountCode ? { discount_code: buyer.discountCode } : {}),
  });
  const confirmed = await shop.anonymous.post(`${client}/confirm`, { confirmation_token_id: "tok_visa" });
  expect(confirmed.status).toBe("confirmed");
  await expect
    .poll(async () => (await shop.anonymous.get(client)).status, { timeout: 30_000 })
    .toBe("succeeded");
  const [order] = (await shop.get(`/v1/orders/?checkout_id=${session.id}`)).items;
  const keys = (await shop.get(`/v1/license-keys?customer_id=${order.customer_id}&sorting=-created_at`))
    .items;
  return { orderId: order.id, customerId: order.customer_id, checkoutId: session.id, order, keys };
}

/** A key's activation by the merchant's software (the public route), with its meta. */
export async function activate(shop: Shop, key: string, label: string, meta: Record<string, string> = {}) {
  return shop.anonymous.post("/v1/customer-portal/license-keys/activate", {
    key,
    organization_id: shop.id,
    label,
    meta,
  });
}

/**
 * The demo's sales, bought through the checkout: Ada (with LAUNCH20), Grace, Alan and Linus buy
 * Acme Studio (each with their company), Ada and Alan also Acme Cloud; the first keys are activated
 * on one, two and three devices ("MacBook Pro", "Work PC" with `{os: "windows"}`, "Linux box").
 */
export async function createSales(shop: Shop, catalog: Catalog): Promise<Purchase[]> {
  const buyers = [
    { email: "ada@example.com", name: "Ada Lovelace", country: "DE" },
    { email: "grace@example.com", name: "Grace Hopper", country: "US", state: "US-CA" },
    { email: "alan@example.com", name: "Alan Turing", country: "DE" },
    { email: "linus@example.com", name: "Linus Torvalds", country: "US", state: "US-CA" },
  ];
  const purchases: Purchase[] = [];
  for (const [i, buyer] of buyers.entries()) {
    purchases.push(
      await buy(shop, catalog.studio.id, {
        ...buyer,
        discountCode: i === 0 ? "LAUNCH20" : undefined,
        customFieldData: { company: `${buyer.name.split(" ")[1]} Labs` },
      }),
    );
    if (i % 2 === 0) purchases.push(await buy(shop, catalog.cloud.id, buyer));
  }
  const keys = (await shop.get("/v1/license-keys?sorting=created_at&limit=10")).items as { key: string }[];
  const devices = [
    ["MacBook Pro", "macos"],
    ["Work PC", "windows"],
    ["Linux box", "linux"],
  ] as const;
  for (const [i, key] of keys.slice(0, 3).entries()) {
    for (const [label, os] of devices.slice(0, i + 1)) await activate(shop, key.key, label, { os });
  }
  return purchases;
}
