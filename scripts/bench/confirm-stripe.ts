// The Stripe variant of `npm run bench:confirm` (BENCH_STRIPE=1): the in-repo Stripe fake
// (test/stripe-fake/) runs in the bench's own process on loopback, the app's Stripe client points at
// it (STRIPE_API_BASE), and the demo organization is connected to a fresh fake account with its keys
// through `PUT /v1/organizations/{id}/payment-processor`, as a merchant would. Each confirm of the
// demo's subscription then makes the app call Stripe four times (the confirmation token's card for
// the card-testing budgets, the buyer's Customer that keeps the card, the unconfirmed PaymentIntent,
// its confirm): what the fake costs shows in the load client's CPU; the network time of the real
// Stripe does not show at all.
import { createStripeFake, type FakeServer, type StripeFake } from "../../test/stripe-fake";
import { newShop, type Shop } from "../../test/stripe-fake/harness";

const WEBHOOK_SECRET = "whsec_YmVuY2gtY29uZmlybS1zdHJpcGU";
const CARD = "4242424242424242";

export type BenchStripe = { fake: StripeFake; server: FakeServer };

export async function startStripeFake(): Promise<BenchStripe> {
  const fake = createStripeFake();
  return { fake, server: await fake.listen() };
}

/** The organization takes its payments with a new account of the fake from now on. */
export async function connectStripe(
  stripe: BenchStripe,
  api: <T>(method: string, pathname: string, body?: unknown) => Promise<T>,
  organizationId: string,
): Promise<Shop> {
  const shop = newShop(stripe.fake, stripe.server);
  await api("PUT", `/v1/organizations/${organizationId}/payment-processor`, {
    processor: "stripe",
    secret_key: shop.secretKey,
    publishable_key: shop.publishableKey,
    webhook_secret: WEBHOOK_SECRET,
  });
  return shop;
}

/** One confirmation token per confirm (each is single-use), as the buyer's Stripe.js makes it. */
export function cardTokens(shop: Shop, count: number): string[] {
  return Array.from({ length: count }, () => shop.token(CARD));
}

/** Requests the fake received for the account (the key check excepted), by method and path shape. */
export function stripeRequestsOf(stripe: BenchStripe, shop: Shop): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of stripe.fake.requests()) {
    if (request.accountId !== shop.accountId || request.path === "/v1/account") continue;
    const key = `${request.method} ${request.path.replace(/(pi|ctoken)_\w+/, "{id}")}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
