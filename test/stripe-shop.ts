// Test organizations that take payments with Stripe (the in-repo fake, test/stripe-fake/), through
// the real routes: the keys pasted as a merchant would, checkouts opened by the API, a buyer's
// confirm with a confirmation token of a test card, and Stripe's events delivered to the
// organization's webhook URL, signed as Stripe signs them.
import { expect } from "vitest";
import type { Db } from "@/lib/db/client";
import { createOrganization, createProduct, createToken } from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { call } from "@/test/http";
import { createStripeFake, signStripePayload, type FakeServer, type StripeFake } from "@/test/stripe-fake";
import { newShop } from "@/test/stripe-fake/harness";
import { PUT as putProcessor } from "@/app/v1/organizations/[id]/payment-processor/route";
import { POST as createCheckout } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { POST as stripeWebhook } from "@/app/v1/integrations/stripe/webhook/[organization_id]/route";

export const WEBHOOK_SECRET = "whsec_c3RyaXBlLWZha2Utc2VjcmV0";

/** The fake on loopback, with the app's Stripe client pointed at it (STRIPE_API_BASE). */
export async function startStripe(): Promise<{
  fake: StripeFake;
  server: FakeServer;
  stop: () => Promise<void>;
}> {
  const fake = createStripeFake();
  const server = await fake.listen();
  process.env.STRIPE_API_BASE = server.url;
  return {
    fake,
    server,
    stop: async () => {
      delete process.env.STRIPE_API_BASE;
      await server.close();
    },
  };
}

export type StripeShop = Awaited<ReturnType<typeof stripeShop>>;

/** An organization with Stripe keys of a fresh fake account, an all-scopes token, and a product. */
export async function stripeShop(
  db: Db,
  stripe: { fake: StripeFake; server: FakeServer },
  options: { livemode?: boolean; price?: NonNullable<Parameters<typeof createProduct>[2]>["price"] } = {},
) {
  const organization = await createOrganization(db, { livemode: options.livemode ?? false });
  const { token } = await createToken(db, organization.id);
  const account = newShop(stripe.fake, stripe.server, options.livemode ? "live" : "test");
  const saved = await call(putProcessor, {
    method: "PUT",
    params: { id: organization.id },
    token,
    body: {
      processor: "stripe",
      secret_key: account.secretKey,
      publishable_key: account.publishableKey,
      webhook_secret: WEBHOOK_SECRET,
    },
  });
  expect(saved.status).toBe(200);
  const product = await createProduct(db, organization.id, {
    price: options.price ?? { price_amount: 4900 },
  });
  return { organization, token, stripe: account, product };
}

export async function openCheckout(shop: { token: string; product: { price: { id: string } } }) {
  const created = await call(createCheckout, {
    token: shop.token,
    body: { product_price_id: shop.product.price.id },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; client_secret: string };
}

let buyers = 0;

/** A confirm body of a new buyer paying with the confirmation token. */
export function buyer(token: string) {
  buyers += 1;
  return {
    customer_email: `stripe-buyer${buyers}@example.com`,
    customer_name: "Stripe Buyer",
    customer_billing_address: { country: "US" },
    confirmation_token_id: token,
  };
}

export function pay(clientSecret: string, body: object) {
  return call(confirm, { params: { client_secret: clientSecret }, body });
}

export async function drainJobs(db: Db, now = new Date()) {
  while ((await runDueJobs(db, jobHandlers, { now, limit: 50 })).claimed > 0);
}

/** Stripe's events about an object, delivered to the organization's webhook URL as Stripe would. */
export async function deliverEvents(fake: StripeFake, organizationId: string, objectId: string) {
  const statuses = [];
  for (const event of fake.events().filter((e) => (e.data.object as { id?: string }).id === objectId)) {
    statuses.push((await sendEvent(organizationId, JSON.stringify(event))).status);
  }
  return statuses;
}

/** One payload to the webhook URL, signed with `secret` at `at`. */
export function sendEvent(organizationId: string, payload: string, secret = WEBHOOK_SECRET, at = new Date()) {
  return call(stripeWebhook, {
    params: { organization_id: organizationId },
    rawBody: payload,
    headers: { "stripe-signature": signStripePayload(payload, secret, at) },
  });
}
