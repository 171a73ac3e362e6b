// What governs a license key's life, in words, for the dashboard's key page and the customer
// portal. A key issued by a subscription has no expiry date of its own (`expires_at` null): it lives
// as long as the subscription and is revoked when the subscription ends, so "Never expires" would
// be wrong. Pure: the caller passes its own date format, and the buyer's language (the portal's
// translator, docs/i18n.md; English, the dashboard's, by default).
import { english } from "../i18n/english";
import type { Translator } from "../i18n/translator";

export type KeySubscription = {
  status: string;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  ends_at: Date | string | null;
  ended_at: Date | string | null;
};

const ENDED = ["canceled", "unpaid", "incomplete_expired"];

/**
 * "Valid until Nov 24, 2027" for a dated key; for a subscription's key, the subscription's end:
 * "Expires when the subscription ends (renews on …)", "… ends on …", "Ended with the subscription
 * on …"; "Never expires" only for a key with neither.
 */
export function keyExpiryLabel(
  key: { expires_at: Date | string | null },
  subscription: KeySubscription | null,
  formatDate: (iso: string) => string,
  tr: Translator = english,
): string {
  const date = (value: Date | string) => formatDate(typeof value === "string" ? value : value.toISOString());
  if (key.expires_at) return tr.t("confirmation.validUntil", { date: date(key.expires_at) });
  if (!subscription) return tr.t("confirmation.neverExpires");
  if (ENDED.includes(subscription.status)) {
    const ended = subscription.ended_at ?? subscription.ends_at;
    return ended ? tr.t("portal.keyEndedOn", { date: date(ended) }) : tr.t("portal.keyEnded");
  }
  const end = subscription.ends_at ?? subscription.current_period_end;
  if (subscription.cancel_at_period_end || subscription.ends_at)
    return end ? tr.t("portal.keyExpiresOn", { date: date(end) }) : tr.t("portal.keyExpiresWithSubscription");
  return subscription.current_period_end
    ? tr.t("portal.keyExpiresRenews", { date: date(subscription.current_period_end) })
    : tr.t("portal.keyExpiresWithSubscription");
}
