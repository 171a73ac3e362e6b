// Email states and kinds as the merchant reads them.
import type { BadgeTone } from "../ui/misc";

export const EMAIL_SORT_FIELDS = ["created_at", "sent_at", "to"] as const;
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_INFO: Record<EmailStatus, { label: string; tone: BadgeTone; meaning: string }> = {
  queued: {
    label: "Queued",
    tone: "amber",
    meaning: "Waiting to be sent, or being retried after the mail server refused it.",
  },
  sent: { label: "Sent", tone: "green", meaning: "Handed to the mail server." },
  failed: { label: "Failed", tone: "red", meaning: "Every attempt failed; the last error says why." },
};

/**
 * A "sent" email of the embedded transport never left: it is kept in this outbox because no mail
 * server is set up (docs/configuration.md, SMTP_URL). Saying "Sent" would mislead.
 */
export const KEPT_STATUS_INFO = {
  label: "Kept (not sent)",
  tone: "zinc",
  meaning: "Kept here, not sent: no mail server is set up (SMTP_URL). This is what the buyer would receive.",
} as const satisfies (typeof EMAIL_STATUS_INFO)[EmailStatus];

const isKept = (email: { status: EmailStatus; transport: string | null }) =>
  email.status === "sent" && email.transport === "embedded";

/** The email's status as the merchant reads it: label, badge tone and what it means. */
export function emailStatusInfo(email: { status: EmailStatus; transport: string | null }) {
  return isKept(email) ? KEPT_STATUS_INFO : EMAIL_STATUS_INFO[email.status];
}

/** What the email's state means; a "sent" email of the embedded transport never left. */
export function statusMeaning(email: { status: EmailStatus; transport: string | null }): string {
  return emailStatusInfo(email).meaning;
}

/** What each kind of email is; a kind without a label shows as it is stored. */
const KIND_LABELS: Record<string, string> = {
  order_receipt: "Purchase receipt",
  portal_sign_in_code: "Customer portal sign-in code",
  portal_email_update: "New email address to confirm",
  customer_email_changed: "Email address changed",
  refund_issued: "Refund issued",
  dispute_opened: "Payment disputed (to you)",
  dispute_closed: "Dispute closed (to you)",
  subscription_renewal_receipt: "Renewal receipt",
  subscription_payment_failed: "Payment failed",
  subscription_canceled: "Subscription canceled",
  subscription_trial_ending: "Trial ends soon",
  subscription_plan_changed: "Plan changed",
  subscription_ended: "Subscription ended",
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** How it went out: through SMTP, or kept here by the embedded transport. */
export function transportLabel(transport: string | null): string {
  if (transport === "smtp") return "SMTP";
  if (transport === "embedded") return "Embedded (not sent)";
  return "—";
}
