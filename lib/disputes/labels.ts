// A dispute's status and reason in words, for the merchant's emails (./emails.ts) and the
// dashboard's order page: one wording for both. Pure, so the browser bundle can take it.
import type { DisputeStatus } from "./schemas";

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  warning_needs_response: "Inquiry: needs response",
  warning_under_review: "Inquiry: under review",
  warning_closed: "Inquiry closed",
  needs_response: "Needs response",
  under_review: "Under review",
  won: "Won",
  lost: "Lost",
};

/** The processor's reason in words: `product_not_received` → "Product not received". */
export function disputeReasonLabel(reason: string): string {
  const words = reason.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
