// A buyer's whole purchase over the public API, from the demo data: create a session for the demo
// subscription product with the merchant's token, fill it through the client routes, confirm it
// with the test card, wait for order processing, then read back the order, the subscription and
// the license key, and activate and validate that key as the merchant's software would.
//
//   DEMO_ACCESS_TOKEN=oat_... npm run demo:purchase            (the token the server printed)
//   PORT=3005 DEMO_ACCESS_TOKEN=oat_... npm run demo:purchase  (a server started with PORT=3005)
//   BASE_URL=https://sales.example.com DEMO_ACCESS_TOKEN=oat_... npm run demo:purchase
// The server is BASE_URL, else http://localhost:$PORT, else http://localhost:3000.
//
// The steps are a function over a tiny `api` so the test suite runs the same script against the
// route handlers (test/demo-purchase.test.ts) and the browser suite against a real server.

import { sampleCustomFieldAnswers } from "./custom-field-answers";

export type ApiCall = (
  method: "GET" | "POST" | "PATCH",
  path: string,
  options?: { body?: unknown; token?: string; query?: Record<string, string> },
) => Promise<{ status: number; body: any }>;

export type DemoPurchase = {
  checkoutId: string;
  orderId: string;
  subscriptionId: string;
  licenseKey: string;
  activationId: string;
  confirmToSucceededMs: number;
};

async function expectStatus(
  step: string,
  response: Promise<{ status: number; body: any }>,
  status: number,
): Promise<any> {
  const { status: actual, body } = await response;
  if (actual !== status) {
    throw new Error(`${step}: expected HTTP ${status}, got ${actual}: ${JSON.stringify(body)}`);
  }
  return body;
}

export async function demoPurchase(
  api: ApiCall,
  token: string,
  options: { log?: (line: string) => void; timeoutMs?: number } = {},
): Promise<DemoPurchase> {
  const log = options.log ?? (() => {});

  // The demo's subscription product: any recurring order of the organization names its price.
  const recurring = await expectStatus(
    "find the subscription product",
    api("GET", "/v1/orders/", { token, query: { product_price_type: "recurring", limit: "1" } }),
    200,
  );
  const priceId: string | undefined = recurring.items[0]?.product_price_id;
  if (!priceId) throw new Error("The organization has no recurring order to take a product from.");

  const session = await expectStatus(
    "create the checkout session",
    api("POST", "/v1/checkouts/custom/", { token, body: { product_price_id: priceId } }),
    201,
  );
  log(`created checkout ${session.id} (${session.url})`);
  const client = `/v1/checkouts/custom/client/${session.client_secret}`;

  // Every attached custom field gets an answer of its type, so required ones are satisfied.
  const answers = sampleCustomFieldAnswers(session.attached_custom_fields, "Demo answer");
  const filled = await expectStatus(
    "fill the session",
    api("PATCH", client, {
      body: {
        customer_email: `demo-buyer-${Date.now()}@example.com`,
        customer_name: "Demo Buyer",
        customer_billing_address: { country: "US", state: "US-NY", line1: "1 Demo St", city: "New York" },
        custom_field_data: answers,
      },
    }),
    200,
  );
  log(`filled: total ${filled.total_amount} ${filled.currency}`);

  const started = Date.now();
  const confirmed = await expectStatus(
    "confirm with the test card",
    api("POST", `${client}/confirm`, { body: { confirmation_token_id: "tok_visa" } }),
    200,
  );
  if (confirmed.status !== "confirmed") throw new Error(`confirm answered status ${confirmed.status}`);

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const current = await expectStatus("read the session", api("GET", client), 200);
    if (current.status === "succeeded") break;
    if (current.status === "failed") throw new Error("Order processing failed.");
    if (Date.now() > deadline) throw new Error(`The session is still ${current.status} after the timeout.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const confirmToSucceededMs = Date.now() - started;
  log(`confirmed → succeeded in ${confirmToSucceededMs} ms`);

  const orders = await expectStatus(
    "list the session's order",
    api("GET", "/v1/orders/", { token, query: { checkout_id: session.id } }),
    200,
  );
  const order = await expectStatus(
    "read the order",
    api("GET", `/v1/orders/${orders.items[0].id}`, { token }),
    200,
  );
  if (order.billing_reason !== "subscription_create" || order.subscription?.status !== "active") {
    throw new Error(`Unexpected order: ${JSON.stringify(order)}`);
  }
  log(
    `order ${order.id}: ${order.amount} + ${order.tax_amount} tax, subscription ${order.subscription.id} active`,
  );

  const keys = await expectStatus(
    "list the buyer's license keys",
    api("GET", "/v1/license-keys", { token, query: { customer_id: order.customer_id } }),
    200,
  );
  const key = keys.items[0];
  if (!key) throw new Error("No license key was granted.");
  log(`license key ${key.key} (activation limit ${key.limit_activations ?? "none"})`);

  const activation = await expectStatus(
    "activate the key",
    api("POST", "/v1/customer-portal/license-keys/activate", {
      body: { key: key.key, organization_id: key.organization_id, label: "Demo laptop" },
    }),
    200,
  );
  const validated = await expectStatus(
    "validate the key",
    api("POST", "/v1/customer-portal/license-keys/validate", {
      body: { key: key.key, organization_id: key.organization_id, activation_id: activation.id },
    }),
    200,
  );
  log(`activated ${activation.id} and validated (${validated.validations} validation)`);

  return {
    checkoutId: session.id,
    orderId: order.id,
    subscriptionId: order.subscription.id,
    licenseKey: key.key,
    activationId: activation.id,
    confirmToSucceededMs,
  };
}

/** Where the server is: BASE_URL, else localhost on PORT (as `npm start` uses it), else 3000. */
export function demoBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.BASE_URL || `http://localhost:${env.PORT || 3000}`;
}

/** The api over HTTP, for a running server. */
export function httpApi(baseUrl: string): ApiCall {
  return async (method, path, options = {}) => {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (error) {
      // fetch says only "fetch failed": name the address and how to point the script elsewhere.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(
        `Could not reach the server at ${baseUrl} (${cause?.code ?? cause?.message ?? String(error)}). ` +
          "Is it running? Set BASE_URL (or PORT) to where it listens.",
      );
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"));
if (isMain) {
  const baseUrl = demoBaseUrl();
  const token = process.env.DEMO_ACCESS_TOKEN;
  if (!token) {
    console.error("Set DEMO_ACCESS_TOKEN to the access token the server printed at start-up.");
    process.exit(2);
  }
  console.log(`server: ${baseUrl}`);
  demoPurchase(httpApi(baseUrl), token, { log: (line) => console.log(line) }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
