// A payment processor double for tests: it keeps a ledger by idempotency key like a real processor
// (a retried key returns the first answer and charges nothing more), counts the money it takes,
// and can be slowed down, made to lose its answer, ask for 3-D Secure or settle later.
import { randomUUID } from "node:crypto";
import { onTestFinished } from "vitest";
import { registerPaymentProcessor } from "@/lib/payments";
import type { PaymentLookup, PaymentProcessor, PaymentResult } from "@/lib/payments/processor";

export type DoubleMode =
  | "succeed"
  | "decline"
  /** Takes the money, then the answer is lost (the network drops, the process dies). */
  | "charge-then-lose-answer"
  /** The call never reaches the processor. */
  | "lose-before-charge"
  | "requires-action"
  | "pending";

export type ProcessorDouble = PaymentProcessor & {
  mode: DoubleMode;
  delayMs: number;
  /** Idempotency keys of the payments that took money, one entry per charge. */
  charges: string[];
  refunds: string[];
  calls: number;
  /** Runs inside each charge call before it answers (e.g. to look at the database's locks). */
  duringCharge?: () => Promise<void>;
  ledger: Map<string, PaymentLookup>;
};

export function registerProcessorDouble(mode: DoubleMode = "succeed"): ProcessorDouble {
  const double: ProcessorDouble = {
    name: `double-${randomUUID().slice(0, 8)}`,
    mode,
    delayMs: 0,
    charges: [],
    refunds: [],
    calls: 0,
    ledger: new Map(),
    async createPayment({ idempotencyKey, saveForFutureUse }) {
      return charge(idempotencyKey, saveForFutureUse);
    },
    async setupPaymentMethod({ idempotencyKey }) {
      const result = await charge(idempotencyKey, true);
      return result.status === "declined"
        ? result
        : { status: "succeeded", payment_method_ref: result.payment_method_ref ?? "pm_double" };
    },
    async chargePaymentMethod({ idempotencyKey }) {
      return charge(idempotencyKey, false);
    },
    async refund({ paymentId, idempotencyKey }) {
      const known = double.ledger.get(idempotencyKey);
      if (!known) {
        double.refunds.push(paymentId);
        double.ledger.set(idempotencyKey, {
          status: "succeeded",
          payment_id: `re_${idempotencyKey}`,
          payment_method_ref: null,
        });
      }
      return { status: "succeeded", refund_id: `re_${idempotencyKey}` };
    },
    async findPayment({ idempotencyKey }) {
      return double.ledger.get(idempotencyKey) ?? { status: "not_found" };
    },
  };

  async function charge(idempotencyKey: string, save: boolean): Promise<PaymentResult> {
    double.calls += 1;
    if (double.delayMs) await new Promise((resolve) => setTimeout(resolve, double.delayMs));
    await double.duringCharge?.();
    const known = double.ledger.get(idempotencyKey);
    if (known && known.status !== "not_found") return known;
    const paymentId = `py_${idempotencyKey}`;
    const methodRef = save ? `pm_${idempotencyKey}` : null;
    let result: PaymentResult;
    switch (double.mode) {
      case "lose-before-charge":
        throw new Error("connect ETIMEDOUT (the request never reached the processor)");
      case "decline":
        result = { status: "declined", code: "card_declined", message: "Your card was declined." };
        break;
      case "requires-action":
        result = {
          status: "requires_action",
          payment_id: paymentId,
          payment_method_ref: methodRef,
          action: { type: "redirect_to_url", url: `https://processor.example/3ds/${paymentId}` },
        };
        break;
      case "pending":
        result = { status: "pending", payment_id: paymentId, payment_method_ref: methodRef };
        break;
      default:
        result = { status: "succeeded", payment_id: paymentId, payment_method_ref: methodRef };
    }
    double.ledger.set(idempotencyKey, result);
    if (result.status === "succeeded") double.charges.push(idempotencyKey);
    if (double.mode === "charge-then-lose-answer") throw new Error("socket hang up (after the charge)");
    return result;
  }

  // Gone when the test ends: files share a process (vitest.config.ts), and the server's list of
  // processors (named in the PAYMENT_PROCESSOR error) is what a later file sees.
  onTestFinished(registerPaymentProcessor(double));
  return double;
}

/** The processor settles a payment it left `pending` or `requires_action` (3-D Secure passed). */
export function settle(double: ProcessorDouble, idempotencyKey: string): PaymentLookup {
  const known = double.ledger.get(idempotencyKey);
  if (!known || !("payment_id" in known)) throw new Error(`No payment for ${idempotencyKey}`);
  const settled: PaymentLookup = {
    status: "succeeded",
    payment_id: known.payment_id,
    payment_method_ref: known.payment_method_ref,
  };
  double.ledger.set(idempotencyKey, settled);
  double.charges.push(idempotencyKey);
  return settled;
}
