// The built-in offline test processor (contract section 6). The hosted page maps test card numbers
// to these tokens in the browser; API clients and tests send the tokens directly. Saved methods are
// refs that remember which token created them, so a renewal with a declining card declines too.
// Its ledger of operations by idempotency key lives in this process's memory: after a restart,
// `findPayment` answers `not_found` and reconciliation reopens the checkout (no real money moves).
import { sha256Hex } from "../crypto";
import type { PaymentLookup, PaymentProcessor, PaymentResult, RefundResult } from "./processor";

export const TEST_TOKENS = {
  succeeds: "tok_visa",
  declined: "tok_chargeDeclined",
  insufficientFunds: "tok_chargeDeclinedInsufficientFunds",
} as const;

/** Test card numbers, as the hosted page maps them to tokens (anything else valid → tok_visa). */
export const TEST_CARDS: Record<string, string> = {
  "4242424242424242": TEST_TOKENS.succeeds,
  "4000000000000002": TEST_TOKENS.declined,
  "4000000000009995": TEST_TOKENS.insufficientFunds,
};

const METHOD_PREFIX = "pm_test_";
const LEDGER_LIMIT = 10_000;
const ledger = new Map<string, PaymentResult>();
/** Per payment it took: the amount, and how much of it was given back (refunds never exceed it). */
const payments = new Map<string, { amount: number; refunded: number }>();
const refunds = new Map<string, RefundResult>();

function recordPayment(result: PaymentResult, amount: number): PaymentResult {
  if (result.status === "succeeded" && !payments.has(result.payment_id)) {
    if (payments.size >= LEDGER_LIMIT) payments.delete(payments.keys().next().value!);
    payments.set(result.payment_id, { amount, refunded: 0 });
  }
  return result;
}

/** Same key, same answer: a retried call does not charge twice. */
function remember(idempotencyKey: string, result: PaymentResult): PaymentResult {
  const known = ledger.get(idempotencyKey);
  if (known) return known;
  if (ledger.size >= LEDGER_LIMIT) ledger.delete(ledger.keys().next().value!);
  ledger.set(idempotencyKey, result);
  return result;
}

function outcome(token: string, idempotencyKey: string, paymentMethodRef: string | null): PaymentResult {
  if (token === TEST_TOKENS.declined)
    return { status: "declined", code: "card_declined", message: "Your card was declined." };
  if (token === TEST_TOKENS.insufficientFunds)
    return {
      status: "declined",
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    };
  if (token !== TEST_TOKENS.succeeds)
    return { status: "declined", code: "invalid_token", message: "The payment token is not valid." };
  return {
    status: "succeeded",
    payment_id: `py_test_${sha256Hex(idempotencyKey).slice(0, 24)}`,
    payment_method_ref: paymentMethodRef,
  };
}

function methodFor(token: string) {
  return `${METHOD_PREFIX}${token}`;
}

export const testProcessor: PaymentProcessor = {
  name: "test",
  async createPayment({ amount, token, saveForFutureUse, idempotencyKey }) {
    return recordPayment(
      remember(idempotencyKey, outcome(token, idempotencyKey, saveForFutureUse ? methodFor(token) : null)),
      amount,
    );
  },
  async setupPaymentMethod({ token, idempotencyKey }) {
    const result = remember(idempotencyKey, outcome(token, idempotencyKey, methodFor(token)));
    return result.status === "declined"
      ? result
      : { status: "succeeded", payment_method_ref: methodFor(token) };
  },
  async chargePaymentMethod({ amount, paymentMethodRef, idempotencyKey }) {
    const token = paymentMethodRef.startsWith(METHOD_PREFIX)
      ? paymentMethodRef.slice(METHOD_PREFIX.length)
      : "";
    return recordPayment(remember(idempotencyKey, outcome(token, idempotencyKey, paymentMethodRef)), amount);
  },
  /**
   * Gives back `amount` of a payment. A payment this process took is never refunded beyond what it
   * took (in several parts or not); one it does not know (taken before a restart) is trusted.
   */
  async refund({ paymentId, amount, idempotencyKey }) {
    const known = refunds.get(idempotencyKey);
    if (known) return known;
    const payment = payments.get(paymentId);
    let result: RefundResult;
    if (!Number.isInteger(amount) || amount < 1) {
      result = { status: "failed", code: "invalid_amount", message: "The refund amount is not valid." };
    } else if (payment && payment.refunded + amount > payment.amount) {
      result = {
        status: "failed",
        code: "amount_too_large",
        message: "The refund exceeds what remains of the payment.",
      };
    } else {
      if (payment) payment.refunded += amount;
      const refundId = `re_test_${sha256Hex(`${paymentId}:${idempotencyKey}`).slice(0, 24)}`;
      remember(idempotencyKey, { status: "succeeded", payment_id: refundId, payment_method_ref: null });
      result = { status: "succeeded", refund_id: refundId };
    }
    if (refunds.size >= LEDGER_LIMIT) refunds.delete(refunds.keys().next().value!);
    refunds.set(idempotencyKey, result);
    if (result.status === "failed") {
      remember(idempotencyKey, { status: "declined", code: result.code, message: result.message });
    }
    return result;
  },
  async findPayment({ idempotencyKey }): Promise<PaymentLookup> {
    return ledger.get(idempotencyKey) ?? { status: "not_found" };
  },
};
