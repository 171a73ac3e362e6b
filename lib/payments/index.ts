// Which processor takes a payment. Without a configured one, the built-in test processor does.
import { ConfigError } from "../config";
import type { PaymentProcessor } from "./processor";
import { testProcessor } from "./test-processor";

const processors = new Map<string, PaymentProcessor>([[testProcessor.name, testProcessor]]);

/** For tests and for installs that add a real processor at boot. */
export function registerPaymentProcessor(processor: PaymentProcessor) {
  processors.set(processor.name, processor);
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

export function paymentProcessor(name: string = defaultPaymentProcessorName()): PaymentProcessor {
  const processor = processors.get(name);
  if (!processor) throw new Error(`Unknown payment processor: ${name}`);
  return processor;
}

export type { PaymentLookup, PaymentProcessor, PaymentResult, RefundResult, SetupResult } from "./processor";
