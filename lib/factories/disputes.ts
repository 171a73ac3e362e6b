// Disputes for tests and fixtures, made the way a processor's notice makes them: through
// recordProcessorDispute (lib/disputes/record.ts), about the payment that paid an order
// (`createPaidOrder` in ./refunds.ts makes one).
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import type { PaymentAttempt } from "../generated/prisma/client";
import { recordProcessorDispute } from "../disputes/record";
import type { ProcessorDisputeInput } from "../disputes/schemas";

/** A notice about `payment` (what the Stripe event job would pass), with overridable details. */
export function disputeNotice(
  payment: Pick<PaymentAttempt, "processor" | "processor_payment_id" | "amount" | "currency">,
  overrides: Partial<ProcessorDisputeInput> = {},
): ProcessorDisputeInput {
  return {
    processor: payment.processor,
    processorDisputeId: `du_factory_${randomUUID().slice(0, 18)}`,
    paymentId: payment.processor_payment_id ?? "",
    amount: payment.amount,
    currency: payment.currency,
    reason: "fraudulent",
    status: "needs_response",
    evidenceDueBy: new Date(Date.now() + 7 * 24 * 3600_000),
    ...overrides,
  };
}

/** Records a dispute of `payment` through the service; throws when it names no order. */
export async function createDispute(
  db: Db,
  payment: Parameters<typeof disputeNotice>[0],
  overrides: Partial<ProcessorDisputeInput> = {},
  now = new Date(),
) {
  const dispute = await recordProcessorDispute(db, disputeNotice(payment, overrides), now);
  if (!dispute) throw new Error(`No order was paid by ${payment.processor_payment_id}`);
  return dispute;
}
