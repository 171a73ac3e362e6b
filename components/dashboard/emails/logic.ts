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
  sent: { label: "Sent", tone: "green", meaning: "Handed to the mail server (or kept here, without one)." },
  failed: { label: "Failed", tone: "red", meaning: "Every attempt failed; the last error says why." },
};

/** What each kind of email is; a kind without a label shows as it is stored. */
const KIND_LABELS: Record<string, string> = {
  order_receipt: "Purchase receipt",
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
