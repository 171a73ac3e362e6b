// Test harness of the Stripe fake: one fake server per test file, a fresh account (its own keys)
// per test, and the official stripe package pointed at the fake.
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { createStripeFake, type FakeServer, type StripeFake } from "./index";

export type Shop = {
  stripe: Stripe;
  secretKey: string;
  publishableKey: string;
  accountId: string;
  /** A confirmation token for the card number, as the buyer's browser would make it. */
  token(card: string): string;
};

export async function startFake(now?: () => Date): Promise<{ fake: StripeFake; server: FakeServer }> {
  const fake = createStripeFake(now ? { now } : {});
  const server = await fake.listen();
  return { fake, server };
}

export function stripeClient(secretKey: string, server: FakeServer): Stripe {
  return new Stripe(secretKey, {
    host: "127.0.0.1",
    port: server.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

export function newShop(fake: StripeFake, server: FakeServer, mode: "test" | "live" = "test"): Shop {
  const tag = randomUUID().replaceAll("-", "").slice(0, 16);
  const secretKey = `sk_${mode}_${tag}`;
  const publishableKey = `pk_${mode}_${tag}`;
  const account = fake.addAccount({ secretKey, publishableKey, displayName: `Shop ${tag}` });
  return {
    stripe: stripeClient(secretKey, server),
    secretKey,
    publishableKey,
    accountId: account.id,
    token: (card) => fake.createConfirmationToken({ publishableKey, card }),
  };
}

/** The error a stripe call rejects with (fails the test if it resolves). */
export async function stripeError(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("expected the Stripe call to fail");
}
