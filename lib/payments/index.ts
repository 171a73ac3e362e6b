// Which processor takes a payment. An organization with its own card processor (Stripe, with its
// keys: lib/stripe/) uses it; any other uses the built-in test processor (or PAYMENT_PROCESSOR).
import { ConfigError } from "../config";
import type { DbOrTx } from "../db/client";
import { stripeCredentials } from "../stripe/credentials";
import { STRIPE_PROCESSOR, stripeProcessor } from "../stripe/processor";
import type { PaymentProcessor } from "./processor";
import { testProcessor } from "./test-processor";

const processors = new Map<string, PaymentProcessor>([[testProcessor.name, testProcessor]]);

/** For tests and for installs that add a real processor at boot. Answers how to take it back. */
export function registerPaymentProcessor(processor: PaymentProcessor): () => void {
  processors.set(processor.name, processor);
  return () => {
    if (processors.get(processor.name) === processor) processors.delete(processor.name);
  };
}

export function defaultPaymentProcessorName(env: Record<string, string | undefined> = process.env): string {
  return env.PAYMENT_PROCESSOR?.trim() || testProcessor.name;
}

/**
 * PAYMENT_PROCESSOR must name a processor this server has. Checked at start-up (lib/boot.ts): an
 * unknown name would otherwise be stored on every new checkout session, and each Pay would fail
 * only after the buyer had typed everything. The message names the processors there are.
 */
export function checkPaymentProcessorSetting(env: Record<string, string | undefined> = process.env): void {
  const name = defaultPaymentProcessorName(env);
  if (processors.has(name)) return;
  throw new ConfigError(
    `PAYMENT_PROCESSOR names no payment processor this server has (got ${JSON.stringify(name.slice(0, 40))}); ` +
      `the processors it has: ${[...processors.keys()].join(", ")}. Unset, it is "${testProcessor.name}".`,
  );
}

/** A processor that needs no organization's keys (the built-in test processor). */
export function paymentProcessor(name: string = defaultPaymentProcessorName()): PaymentProcessor {
  const processor = processors.get(name);
  if (!processor) throw new Error(`Unknown payment processor: ${name}`);
  return processor;
}

/** The processor an attempt (or a session, or a subscription) of an organization was made with. */
export async function processorFor(
  db: DbOrTx,
  owner: { processor: string; organization_id: string },
): Promise<PaymentProcessor> {
  if (owner.processor !== STRIPE_PROCESSOR) return paymentProcessor(owner.processor);
  const credentials = await stripeCredentials(db, owner.organization_id);
  if (!credentials) {
    throw new Error(
      `Organization ${owner.organization_id} has no Stripe keys: its Stripe payments cannot be made.`,
    );
  }
  return stripeProcessor(db, credentials);
}

/** What a new checkout session of the organization pays with. */
export async function sessionProcessor(
  db: DbOrTx,
  organizationId: string,
): Promise<{ name: string; publishableKey: string | null }> {
  const row = await db.paymentProcessorSetting.findUnique({
    where: { organization_id: organizationId },
    select: { processor: true, publishable_key: true },
  });
  return row
    ? { name: row.processor, publishableKey: row.publishable_key }
    : { name: defaultPaymentProcessorName(), publishableKey: null };
}

export type {
  PaymentDetails,
  PaymentLookup,
  PaymentProcessor,
  PaymentResult,
  RefundResult,
  SetupResult,
} from "./processor";
