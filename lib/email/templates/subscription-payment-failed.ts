// A renewal (or one of its dunning retries) was declined: the buyer is told what failed, when it
// is tried again (or that this was the last attempt) and where to update the payment method.
import { formatMoney } from "../../money";
import { html } from "./html";
import { layout } from "./layout";
import { formatDate, greetingFor, htmlLink, htmlParagraphs, htmlRows, textParts, textRows } from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionPaymentFailedData = {
  customerName: string | null;
  productName: string;
  currency: string;
  /** Minor units, tax included: what the charge asked for. */
  amount: number;
  /** The processor's words for the decline, when it gave any. */
  failureReason: string | null;
  /** When the charge is tried again; null: this was the last attempt. */
  nextRetryAt: Date | null;
  /** Where the buyer updates the payment method (the customer portal). */
  updateUrl: string;
};

export const subscriptionPaymentFailed: EmailTemplate<SubscriptionPaymentFailedData> = {
  kind: "subscription_payment_failed",
  render(data, brand) {
    const subject = `Payment failed for your ${data.productName} subscription`;
    const greeting = greetingFor(data.customerName);
    const amount = formatMoney(data.amount, data.currency);
    const intro = `We could not charge ${amount} for your ${data.productName} subscription from ${brand.name}.`;
    const next = data.nextRetryAt
      ? `We will try again on ${formatDate(data.nextRetryAt)}. Update your payment method before then to keep your subscription.`
      : "This was the last attempt: your subscription has ended, and its license keys no longer work.";
    const rows: [string, string][] = [
      ["Amount", amount],
      ["Next attempt", data.nextRetryAt ? formatDate(data.nextRetryAt) : "none (last attempt)"],
    ];
    if (data.failureReason) rows.splice(1, 0, ["Reason", data.failureReason]);
    const action = "Update your payment method";

    const text = textParts([greeting, intro, textRows(rows), next, `${action}: ${data.updateUrl}`]);
    const body = html`${htmlParagraphs([greeting, intro])} ${htmlRows(rows)} ${htmlParagraphs([next])}
    ${htmlLink(action, data.updateUrl)}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "Your payment failed", text, html: body }),
    };
  },
};
