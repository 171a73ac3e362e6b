// Card-testing protection (docs/payments.md, "Card testing"): a fraudster with a list of stolen
// card numbers tries them one after another on a cheap product to learn which work. Failed
// confirms are budgeted per checkout session, per client address, per buyer email and per card
// (the processor's fingerprint: the same card whatever token carries it), with the rate limiter's
// token buckets (lib/api/rate-limit.ts, through `FailureBudgetGuard`). A confirm is only charged
// to the budgets when it fails; once any of them is spent, confirms are refused with 429 and
// Retry-After before anything is sent to the processor.
import type { DbOrTx } from "../db/client";
import { hmacHex } from "../secrets";
import { processorFor } from "../payments";
import { findClientCheckout } from "./client";

const HOUR = 3_600_000;

type RateLimit = { limit: number; windowMs: number };

function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Failed confirms allowed per hour; read on use so tests and deployments can set them. */
export function cardTestingLimits() {
  return {
    checkout: { limit: fromEnv("CARD_TESTING_FAILURES_PER_CHECKOUT_PER_HOUR", 5), windowMs: HOUR },
    address: { limit: fromEnv("CARD_TESTING_FAILURES_PER_ADDRESS_PER_HOUR", 10), windowMs: HOUR },
    email: { limit: fromEnv("CARD_TESTING_FAILURES_PER_EMAIL_PER_HOUR", 5), windowMs: HOUR },
    card: { limit: fromEnv("CARD_TESTING_FAILURES_PER_CARD_PER_HOUR", 3), windowMs: HOUR },
  } satisfies Record<string, RateLimit>;
}

export type FailureBudget = { key: string; limit: RateLimit };

/** The budgets a confirm draws on; keys hold hashes, never an address, email or fingerprint. */
export function failedConfirmBudgets(input: {
  organizationId: string;
  checkoutId: string;
  clientAddress: string | null;
  email: string | null;
  cardFingerprint: string | null;
}): FailureBudget[] {
  const limits = cardTestingLimits();
  const hashed = (what: string, value: string) =>
    hmacHex("card_testing", `${what}:${input.organizationId}:${value.trim().toLowerCase()}`);
  return [
    { key: `card_testing:checkout:${input.checkoutId}`, limit: limits.checkout },
    ...(input.clientAddress
      ? [{ key: `card_testing:address:${hashed("address", input.clientAddress)}`, limit: limits.address }]
      : []),
    ...(input.email
      ? [{ key: `card_testing:email:${hashed("email", input.email)}`, limit: limits.email }]
      : []),
    ...(input.cardFingerprint
      ? [{ key: `card_testing:card:${hashed("card", input.cardFingerprint)}`, limit: limits.card }]
      : []),
  ];
}

/**
 * What enforces the budgets (the rate limiter's buckets, lib/api/rate-limit.ts), given by the
 * confirm route: `assertRoom` refuses with 429 and Retry-After when one more failure would not fit
 * a budget (the card is not even tried), `charge` spends one of each after a failure.
 */
export type FailureBudgetGuard = {
  assertRoom(db: DbOrTx, budgets: FailureBudget[], now: Date): Promise<void>;
  charge(db: DbOrTx, budgets: FailureBudget[], now: Date): Promise<void>;
};

/**
 * The fingerprint of the card behind a confirm's token, asked of the session's processor before
 * the confirm's transaction (Stripe: a read of the ConfirmationToken, which charges nothing). Only
 * a processor's own tokens are asked about (Stripe's `ctoken_…`): the test processor's stand for
 * no real card. A processor that cannot say (unreachable) leaves the card out rather than refuse
 * the buyer.
 */
export async function cardFingerprintFor(
  db: DbOrTx,
  clientSecret: string,
  token: string,
): Promise<string | null> {
  if (!token.startsWith("ctoken_")) return null;
  try {
    const session = await findClientCheckout(db, clientSecret);
    const processor = await processorFor(db, {
      processor: session.payment_processor,
      organization_id: session.organization_id,
    });
    return (await processor.cardFingerprint?.(token)) ?? null;
  } catch (error) {
    console.error("The card of a confirm could not be identified:", error);
    return null;
  }
}
