// The built-in offline test processor (docs/api.md §6). The hosted page maps test card numbers
// to these tokens in the browser; API clients and tests send the tokens directly. Saved methods are
// refs that remember which token created them, so a renewal with a declining card declines too.
//
// It stands in for a remote processor, so it keeps its own books as one would: a ledger of
// operations by idempotency key, in the database (test_processor_operations), which every bundle
// of the app (the route handlers', the job worker's) and every instance share. Each call is its own
// short statement (a refund, its own short transaction) on the app's pool, never inside the app's
// transaction: the place of a network call (docs/payments-reliability.md).
import { sha256Hex } from "../crypto";
import { getDb, type DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { Prisma } from "../generated/prisma/client";
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

type Operation = "charge" | "setup" | "refund";

/** A ledger row as the processor keeps it. */
type LedgerRow = {
  idempotency_key: string;
  operation: Operation;
  amount: number;
  status: "succeeded" | "declined";
  payment_id: string | null;
  payment_method_ref: string | null;
  decline_code: string | null;
  decline_message: string | null;
  refunded_amount: number;
};

const COLUMNS = Prisma.sql`idempotency_key, operation, amount, status, payment_id, payment_method_ref,
  decline_code, decline_message, refunded_amount`;

type Entry = {
  operation: Operation;
  amount: number;
  currency: string;
  result: PaymentResult;
  refundedPaymentId?: string | null;
};

function asResult(row: LedgerRow): PaymentResult {
  return row.status === "succeeded"
    ? { status: "succeeded", payment_id: row.payment_id ?? "", payment_method_ref: row.payment_method_ref }
    : { status: "declined", code: row.decline_code ?? "declined", message: row.decline_message ?? "" };
}

async function findRow(db: DbOrTx, idempotencyKey: string): Promise<LedgerRow | null> {
  const rows = await directSql<LedgerRow>(
    db,
    Prisma.sql`SELECT ${COLUMNS} FROM test_processor_operations WHERE idempotency_key = ${idempotencyKey}`,
  );
  return rows[0] ?? null;
}

/**
 * Records the operation under its key, or returns what the key recorded first: same key, same
 * answer, and a retried call does not charge twice (also when two calls race: one insert wins).
 * Any unique conflict, not only the key's: the payment id is derived from the key, and two racing
 * inserts can meet on the payment id's index first, which an ON CONFLICT naming only the key's
 * index turns into an error (seen once in a full run).
 */
async function record(db: DbOrTx, idempotencyKey: string, entry: Entry): Promise<PaymentResult> {
  const { result } = entry;
  const succeeded = result.status === "succeeded";
  const inserted = await directSql<LedgerRow>(
    db,
    Prisma.sql`
    INSERT INTO test_processor_operations
      (idempotency_key, operation, amount, currency, status, payment_id, payment_method_ref,
       decline_code, decline_message, refunded_payment_id)
    VALUES (${idempotencyKey}, ${entry.operation}, ${entry.amount}, ${entry.currency}, ${result.status},
            ${succeeded ? result.payment_id || null : null},
            ${succeeded ? result.payment_method_ref : null},
            ${result.status === "declined" ? result.code : null},
            ${result.status === "declined" ? result.message : null}, ${entry.refundedPaymentId ?? null})
    ON CONFLICT DO NOTHING
    RETURNING ${COLUMNS}`,
  );
  const row = inserted[0] ?? (await findRow(db, idempotencyKey));
  if (!row) throw new Error(`The test processor lost operation ${idempotencyKey}.`);
  return asResult(row);
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

function refundFailure(code: string, message: string): RefundResult {
  return { status: "failed", code, message };
}

/**
 * Gives back `amount` of a payment, in the processor's own short transaction: the payment's row is
 * locked, so parallel refunds of one payment never give back more than it took. A payment the
 * ledger does not know (made with another processor's double, say) is trusted.
 */
async function refund(paymentId: string, amount: number, idempotencyKey: string): Promise<RefundResult> {
  const db = await getDb();
  const result = await db.$transaction(async (tx) => {
    const [payment] = await directSql<LedgerRow>(
      tx,
      Prisma.sql`SELECT ${COLUMNS} FROM test_processor_operations
                  WHERE payment_id = ${paymentId} AND operation <> 'refund' FOR UPDATE`,
    );
    // Read after the lock: a retry racing the first call sees what it recorded.
    const known = await findRow(tx, idempotencyKey);
    if (known) return known;
    let answer: PaymentResult;
    if (!Number.isInteger(amount) || amount < 1) {
      answer = { status: "declined", code: "invalid_amount", message: "The refund amount is not valid." };
    } else if (payment && payment.refunded_amount + amount > payment.amount) {
      answer = {
        status: "declined",
        code: "amount_too_large",
        message: "The refund exceeds what remains of the payment.",
      };
    } else {
      if (payment) {
        await directSql(
          tx,
          Prisma.sql`UPDATE test_processor_operations SET refunded_amount = refunded_amount + ${amount}
                      WHERE idempotency_key = ${payment.idempotency_key}`,
        );
      }
      const refundId = `re_test_${sha256Hex(`${paymentId}:${idempotencyKey}`).slice(0, 24)}`;
      answer = { status: "succeeded", payment_id: refundId, payment_method_ref: null };
    }
    await record(tx, idempotencyKey, {
      operation: "refund",
      amount: Number.isInteger(amount) ? amount : 0,
      currency: "",
      result: answer,
      refundedPaymentId: paymentId,
    });
    return findRow(tx, idempotencyKey);
  });
  if (!result) throw new Error(`The test processor lost refund ${idempotencyKey}.`);
  if (result.status === "declined") {
    return refundFailure(result.decline_code ?? "failed", result.decline_message ?? "");
  }
  return { status: "succeeded", refund_id: result.payment_id ?? "" };
}

export const testProcessor: PaymentProcessor = {
  name: "test",
  /** Test tokens are no real cards: nothing to budget by card. */
  async cardFingerprint() {
    return null;
  },
  async createPayment({ amount, currency, token, saveForFutureUse, idempotencyKey }) {
    const result = outcome(token, idempotencyKey, saveForFutureUse ? methodFor(token) : null);
    return record(await getDb(), idempotencyKey, { operation: "charge", amount, currency, result });
  },
  async setupPaymentMethod({ token, idempotencyKey }) {
    const result = await record(await getDb(), idempotencyKey, {
      operation: "setup",
      amount: 0,
      currency: "",
      result: outcome(token, idempotencyKey, methodFor(token)),
    });
    return result.status === "declined"
      ? result
      : { status: "succeeded", payment_method_ref: methodFor(token) };
  },
  async chargePaymentMethod({ amount, currency, paymentMethodRef, idempotencyKey }) {
    const token = paymentMethodRef.startsWith(METHOD_PREFIX)
      ? paymentMethodRef.slice(METHOD_PREFIX.length)
      : "";
    const result = outcome(token, idempotencyKey, paymentMethodRef);
    return record(await getDb(), idempotencyKey, { operation: "charge", amount, currency, result });
  },
  refund({ paymentId, amount, idempotencyKey }) {
    return refund(paymentId, amount, idempotencyKey);
  },
  async findPayment({ idempotencyKey }): Promise<PaymentLookup> {
    const row = await findRow(await getDb(), idempotencyKey);
    return row ? asResult(row) : { status: "not_found" };
  },
};
