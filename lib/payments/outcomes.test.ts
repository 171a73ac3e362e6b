// The outcome path settles through the handlers its caller passes (lib/composition/payment-outcomes.ts
// for all of them): an attempt whose kind has none fails loudly and changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization } from "@/lib/factories";
import { createPaymentAttempt } from "./attempts";
import { recordPaymentOutcome, type PaymentOutcomeHandlers } from "./outcomes";

let db: Db;
let organizationId: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Outcome Handlers" })).id;
});

const newAttempt = (kind: "charge" | "refund") =>
  db.$transaction((tx) =>
    createPaymentAttempt(
      tx,
      { organizationId, kind, amount: 500, currency: "usd", processor: "test" },
      new Date(),
    ),
  );

describe("recordPaymentOutcome", () => {
  it("throws, writing nothing, when no handler is given for the attempt's kind", async () => {
    const attempt = await newAttempt("refund");
    const handlers: PaymentOutcomeHandlers = { charge: async () => {} };
    await expect(
      recordPaymentOutcome(
        db,
        handlers,
        { attemptId: attempt.id },
        { status: "succeeded", payment_id: "py_1", payment_method_ref: null },
      ),
    ).rejects.toThrow(`No payment outcome handler for attempts of kind "refund" (attempt ${attempt.id})`);
    expect(await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({
      status: "pending",
      processor_payment_id: null,
    });
  });

  it("records the outcome, then calls the handler of the attempt's kind with it", async () => {
    const attempt = await newAttempt("charge");
    const seen: string[] = [];
    const handlers: PaymentOutcomeHandlers = {
      charge: async (_tx, settled) => void seen.push(`${settled.id}:${settled.status}`),
      refund: async () => void seen.push("refund"),
    };
    const after = await recordPaymentOutcome(
      db,
      handlers,
      { attemptId: attempt.id },
      { status: "succeeded", payment_id: "py_2", payment_method_ref: null },
    );
    expect(after).toMatchObject({ status: "succeeded", processor_payment_id: "py_2" });
    expect(seen).toEqual([`${attempt.id}:succeeded`]);
  });
});
