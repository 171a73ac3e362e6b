// A renewal (or one of its dunning retries) was declined: the buyer is told what failed, when it
// is tried again (or that this was the last attempt) and where to update the payment method.
import { html } from "./html";
import { layout } from "./layout";
import {
  emailTranslator,
  formatDate,
  greetingFor,
  htmlLink,
  htmlParagraphs,
  htmlRows,
  textParts,
  textRows,
  type Localized,
} from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionPaymentFailedData = Localized & {
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
    const tr = emailTranslator(data);
    const subject = tr.t("email.paymentFailedSubject", { product: data.productName });
    const greeting = greetingFor(data.customerName, tr);
    const amount = tr.money(data.amount, data.currency);
    const intro = tr.t("email.paymentFailedIntro", { amount, product: data.productName, brand: brand.name });
    const next = data.nextRetryAt
      ? tr.t("email.paymentFailedRetry", { date: formatDate(data.nextRetryAt, tr) })
      : tr.t("email.paymentFailedLast");
    const rows: [string, string][] = [
      [tr.t("email.amount"), amount],
      [
        tr.t("email.nextAttempt"),
        data.nextRetryAt ? formatDate(data.nextRetryAt, tr) : tr.t("email.noNextAttempt"),
      ],
    ];
    // The processor's own words for the decline, as it gave them.
    if (data.failureReason) rows.splice(1, 0, [tr.t("email.reason"), data.failureReason]);
    const action = tr.t("email.updatePaymentMethod");

    const text = textParts([
      greeting,
      intro,
      textRows(rows, tr),
      next,
      tr.t("common.labelValue", { label: action, value: data.updateUrl }),
    ]);
    const body = html`${htmlParagraphs([greeting, intro])} ${htmlRows(rows)} ${htmlParagraphs([next])}
    ${htmlLink(action, data.updateUrl)}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.paymentFailedHeading"), text, html: body },
        tr,
      ),
    };
  },
};
