// Every job the app runs, by name. The worker, the tests and the job rows all refer to these names.
import { sendEmailJob, SEND_EMAIL_JOB } from "../email/send";
import { expireCheckoutsJob, EXPIRE_CHECKOUTS_JOB } from "../checkout/expiry";
import { pruneCheckoutsJob, PRUNE_CHECKOUTS_JOB } from "../checkout/retention";
import { processCheckoutJob, PROCESS_CHECKOUT_JOB } from "../orders/processing";
import { reconcilePaymentsJob, RECONCILE_PAYMENTS_JOB } from "../payments/reconcile";
import { refundPaymentJob } from "../payments/refund-job";
import { REFUND_PAYMENT_JOB } from "../payments/refunds";
import {
  renewSubscriptionJob,
  RENEW_SUBSCRIPTION_JOB,
  scanRenewalsJob,
  SCAN_RENEWALS_JOB,
} from "../subscriptions/renewals";
import {
  deliverWebhooksJob,
  DELIVER_WEBHOOKS_JOB,
  sweepWebhooksJob,
  SWEEP_WEBHOOKS_JOB,
} from "../webhooks/deliver";
import { RETRY_RENEWAL_JOB } from "../subscriptions/job-names";
import { retryRenewalJob } from "../subscriptions/retry-job";
import { passwordResetJob, PASSWORD_RESET_JOB } from "../auth/password-reset";
import { pruneJob, PRUNE_JOB } from "./prune";
import { PORTAL_SIGN_IN_CODE_JOB, sendSignInCodeJob } from "../customer-portal/sign-in";
import type { JobHandlers } from "./queue";

export const jobHandlers: JobHandlers = {
  [PROCESS_CHECKOUT_JOB]: processCheckoutJob,
  [EXPIRE_CHECKOUTS_JOB]: expireCheckoutsJob,
  [PRUNE_CHECKOUTS_JOB]: pruneCheckoutsJob,
  [SCAN_RENEWALS_JOB]: scanRenewalsJob,
  [RENEW_SUBSCRIPTION_JOB]: renewSubscriptionJob,
  [RETRY_RENEWAL_JOB]: retryRenewalJob,
  [REFUND_PAYMENT_JOB]: refundPaymentJob,
  [RECONCILE_PAYMENTS_JOB]: reconcilePaymentsJob,
  [DELIVER_WEBHOOKS_JOB]: deliverWebhooksJob,
  [SWEEP_WEBHOOKS_JOB]: sweepWebhooksJob,
  [SEND_EMAIL_JOB]: sendEmailJob(),
  [PASSWORD_RESET_JOB]: passwordResetJob,
  [PRUNE_JOB]: pruneJob,
  [PORTAL_SIGN_IN_CODE_JOB]: sendSignInCodeJob,
};
