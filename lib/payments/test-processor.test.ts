// The built-in test processor gives back exactly the amount asked, in as many parts as asked, never
// more than the payment took, and answers a retried refund (same idempotency key) as the first time.
// Its books are in the database (test_processor_operations): racing calls with one key charge once,
// and what it took is known to every copy of its module (another bundle, another instance).
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../db/client";
import { testProcessor, TEST_TOKENS } from "./test-processor";

describe("test processor ledger", () => {
  it("charges once for racing calls with one key, and another copy of the module finds the charge", async () => {
    const charge = () =>
      testProcessor.createPayment({
        amount: 2_500,
        currency: "eur",
        token: TEST_TOKENS.succeeds,
        customer: { email: "racer@example.com" },
        saveForFutureUse: false,
        idempotencyKey: "pa_racing_charge",
      });
    const answers = await Promise.all([charge(), charge(), charge(), charge()]);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: "succeeded", payment_id: expect.stringMatching(/^py_test_/) });
    const db = await getDb();
    expect(
      await db.testProcessorOperation.findMany({ where: { idempotency_key: "pa_racing_charge" } }),
    ).toMatchObject([
      { operation: "charge", amount: 2_500, currency: "eur", status: "succeeded", refunded_amount: 0 },
    ]);

    vi.resetModules();
    const other = (await import("./test-processor")).testProcessor;
    expect(other).not.toBe(testProcessor);
    expect(await other.findPayment({ idempotencyKey: "pa_racing_charge" })).toEqual(answers[0]);
    expect(await other.findPayment({ idempotencyKey: "pa_never_sent" })).toEqual({ status: "not_found" });
  });
});

describe("test processor refunds", () => {
  it("honours partial amounts up to the payment, once per idempotency key", async () => {
    const payment = await testProcessor.createPayment({
      amount: 1_000,
      currency: "usd",
      token: TEST_TOKENS.succeeds,
      customer: { email: "buyer@example.com" },
      saveForFutureUse: false,
      idempotencyKey: "pa_partial_payment",
    });
    if (payment.status !== "succeeded") throw new Error("the test card must succeed");
    const refund = (amount: number, key: string) =>
      testProcessor.refund({ paymentId: payment.payment_id, amount, idempotencyKey: key });

    const first = await refund(600, "pa_refund_1");
    expect(first).toMatchObject({ status: "succeeded", refund_id: expect.stringMatching(/^re_test_/) });
    // Retried with the same key: the same refund, nothing more given back.
    expect(await refund(600, "pa_refund_1")).toEqual(first);
    expect(await refund(500, "pa_refund_2")).toEqual({
      status: "failed",
      code: "amount_too_large",
      message: "The refund exceeds what remains of the payment.",
    });
    expect(await testProcessor.findPayment({ idempotencyKey: "pa_refund_2" })).toMatchObject({
      status: "declined",
      code: "amount_too_large",
    });
    expect((await refund(400, "pa_refund_3")).status).toBe("succeeded");
    expect((await refund(1, "pa_refund_4")).status).toBe("failed");
    expect(await testProcessor.findPayment({ idempotencyKey: "pa_refund_3" })).toMatchObject({
      status: "succeeded",
    });
  });
});
