// Forgetting a saved card at its processor after the buyer removed it (lib/customer-portal/
// payment-methods.ts): the removal commits first and enqueues this job, which calls the processor
// outside any transaction. A retried job asks again; the processor's "already gone" counts as done.
import type { JobHandler } from "../jobs/queue";
import { processorFor } from "./index";

export const FORGET_PAYMENT_METHOD_JOB = "payments.forget_payment_method";

export type ForgetPaymentMethodPayload = { organization_id: string; processor: string; ref: string };

export const forgetPaymentMethodJob: JobHandler<ForgetPaymentMethodPayload> = {
  maxAttempts: 10,
  ownsTransactions: true,
  run: async (db, payload) => {
    const processor = await processorFor(db, {
      processor: payload.processor,
      organization_id: payload.organization_id,
    });
    await processor.forgetPaymentMethod?.(payload.ref);
  },
};
