// Which processor takes a payment. Without a configured one, the built-in test processor does.
import type { PaymentProcessor } from "./processor";
import { testProcessor } from "./test-processor";

const processors = new Map<string, PaymentProcessor>([[testProcessor.name, testProcessor]]);

/** For tests and for installs that add a real processor at boot. */
export function registerPaymentProcessor(processor: PaymentProcessor) {
  processors.set(processor.name, processor);
}

export function defaultPaymentProcessorName(): string {
  return process.env.PAYMENT_PROCESSOR ?? testProcessor.name;
}

export function paymentProcessor(name: string = defaultPaymentProcessorName()): PaymentProcessor {
  const processor = processors.get(name);
  if (!processor) throw new Error(`Unknown payment processor: ${name}`);
  return processor;
}

export type { PaymentLookup, PaymentProcessor, PaymentResult, RefundResult, SetupResult } from "./processor";
