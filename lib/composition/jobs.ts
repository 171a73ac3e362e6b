// Every job the app runs, by name: the composition root of the job queue (docs/architecture.md,
// "Layers and registration"). lib/jobs knows handlers only through the `JobHandlers` it is given;
// the server's start-up (lib/boot.ts), the test worker processes and the tests pass this table.
// A job whose name is missing here fails with "No handler is registered for job" and is retried;
// lib/composition/composition.test.ts checks that every job name defined in lib/ is here.
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
import { TRIAL_REMINDER_JOB, trialReminderJob } from "../subscriptions/trial-reminder";
import { passwordResetJob, PASSWORD_RESET_JOB } from "../auth/password-reset";
import { pruneJob, PRUNE_JOB } from "../jobs/prune";
import { removeStaleIncoming } from "../files/storage";
import { PORTAL_SIGN_IN_CODE_JOB, sendSignInCodeJob } from "../customer-portal/sign-in";
import { recordProcessorDispute } from "../disputes/record";
import { recordPaymentOutcome } from "../payments/outcomes";
import { updateSavedCards } from "../payments/saved-cards";
import { FORGET_PAYMENT_METHOD_JOB, forgetPaymentMethodJob } from "../payments/forget";
import { processStripeEventJob } from "../stripe/events-job";
import { PROCESS_STRIPE_EVENT_JOB } from "../stripe/webhook";
import { ISSUE_CREDIT_NOTE_JOB, ISSUE_INVOICE_JOB } from "../invoices/queue";
import { issueCreditNoteJob, issueInvoiceJob } from "../invoices/jobs";
import type { JobHandlers } from "../jobs/queue";
import { paymentOutcomeHandlers } from "./payment-outcomes";

export const jobHandlers: JobHandlers = {
  [PROCESS_CHECKOUT_JOB]: processCheckoutJob,
  [EXPIRE_CHECKOUTS_JOB]: expireCheckoutsJob,
  [PRUNE_CHECKOUTS_JOB]: pruneCheckoutsJob,
  [SCAN_RENEWALS_JOB]: scanRenewalsJob,
  [RENEW_SUBSCRIPTION_JOB]: renewSubscriptionJob,
  [RETRY_RENEWAL_JOB]: retryRenewalJob,
  [TRIAL_REMINDER_JOB]: trialReminderJob,
  [REFUND_PAYMENT_JOB]: refundPaymentJob(paymentOutcomeHandlers),
  [RECONCILE_PAYMENTS_JOB]: reconcilePaymentsJob(paymentOutcomeHandlers),
  [DELIVER_WEBHOOKS_JOB]: deliverWebhooksJob,
  [SWEEP_WEBHOOKS_JOB]: sweepWebhooksJob,
  [SEND_EMAIL_JOB]: sendEmailJob(),
  [PASSWORD_RESET_JOB]: passwordResetJob,
  [PRUNE_JOB]: pruneJob(removeStaleIncoming),
  [PORTAL_SIGN_IN_CODE_JOB]: sendSignInCodeJob,
  [FORGET_PAYMENT_METHOD_JOB]: forgetPaymentMethodJob,
  [ISSUE_INVOICE_JOB]: issueInvoiceJob,
  [ISSUE_CREDIT_NOTE_JOB]: issueCreditNoteJob,
  [PROCESS_STRIPE_EVENT_JOB]: processStripeEventJob({
    recordOutcome: (db, ref, outcome, now) =>
      recordPaymentOutcome(db, paymentOutcomeHandlers, ref, outcome, now),
    recordDispute: recordProcessorDispute,
    updateSavedCards,
  }),
};
