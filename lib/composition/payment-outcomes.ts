// Every domain's payment outcome handlers, by attempt kind (lib/payments/outcomes.ts): for the jobs
// that may meet an attempt of any kind (reconciliation, refunds) and for tests. A caller that
// resolves its own attempt passes its own domain's table instead (checkout's confirm passes
// `checkoutPaymentOutcomes`). Typed as a complete table: a new attempt kind does not compile until
// a domain handles it here (docs/architecture.md, "Layers and registration").
import type { PaymentAttemptKind } from "../generated/prisma/client";
import type { PaymentOutcomeHandler } from "../payments/outcomes";
import { settleCheckoutAttempt } from "../checkout/settle";
import { settleRefundAttempt } from "../refunds/settle";
import { settleRenewalAttempt } from "../subscriptions/renewal-outcome";
import { settleSubscriptionCardSetup } from "../subscriptions/payment-method";
import { settleCustomerCardSetup } from "../customer-portal/add-card";

export const paymentOutcomeHandlers: Readonly<Record<PaymentAttemptKind, PaymentOutcomeHandler>> = {
  charge: settleCheckoutAttempt,
  // A setup belongs to a checkout (a card saved with nothing due now), to a subscription (a new
  // card for it from the portal) or to a customer (a card added in the portal's saved cards).
  setup: (tx, attempt, now) =>
    attempt.checkout_id
      ? settleCheckoutAttempt(tx, attempt, now)
      : attempt.subscription_id
        ? settleSubscriptionCardSetup(tx, attempt, now)
        : settleCustomerCardSetup(tx, attempt, now),
  renewal: settleRenewalAttempt,
  refund: settleRefundAttempt,
};
