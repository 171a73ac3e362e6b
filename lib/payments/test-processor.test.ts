// The built-in test processor gives back exactly the amount asked, in as many parts as asked, never
// more than the payment took, and answers a retried refund (same idempotency key) as the first time.
import { describe, expect, it } from "vitest";
import { testProcessor, TEST_TOKENS } from "./test-processor";

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
