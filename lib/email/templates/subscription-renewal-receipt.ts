// The renewal receipt: sent for each `subscription_cycle` order (a renewal, or a dunning retry or a
// new card that paid the period). It shows what the period cost and when the next one starts.
import { html } from "./html";
import { layout } from "./layout";
import { subscriptionProductLine } from "./order-receipt";
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
  type Rows,
} from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionRenewalReceiptData = Localized & {
  customerName: string | null;
  orderId: string;
  /** The order's number, e.g. `ACME-0043`. */
  invoiceNumber: string;
  orderedAt: Date;
  productName: string;
  recurringInterval: "month" | "year";
  currency: string;
  /** Minor units: the order's amount before tax, its tax, and what was charged. */
  amounts: { subtotal: number; tax: number; total: number };
  /** The period this payment covers. */
  periodStart: Date;
  periodEnd: Date;
  portalUrl: string | null;
  /** The printable receipt (lib/receipts/links.ts), and its PDF. */
  receiptUrl?: string | null;
  receiptPdfUrl?: string | null;
  /** The EU reverse charge's note and both VAT IDs (lib/tax/reverse-charge.ts); absent: none. */
  reverseCharge?: string[] | null;
};

export const subscriptionRenewalReceipt: EmailTemplate<SubscriptionRenewalReceiptData> = {
  kind: "subscription_renewal_receipt",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.renewalSubject", { product: data.productName });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t(
      data.recurringInterval === "year" ? "email.renewalIntroYearly" : "email.renewalIntroMonthly",
      {
        product: data.productName,
        brand: brand.name,
      },
    );
    const money = (minor: number) => tr.money(minor, data.currency);
    const details: Rows = [
      [tr.t("email.order"), data.invoiceNumber],
      [tr.t("email.date"), formatDate(data.orderedAt, tr)],
      [tr.t("email.product"), subscriptionProductLine(data.productName, data.recurringInterval, tr)],
      [
        tr.t("email.period"),
        tr.t("email.periodRange", {
          start: formatDate(data.periodStart, tr),
          end: formatDate(data.periodEnd, tr),
        }),
      ],
    ];
    const amounts: Rows = [[tr.t("common.subtotal"), money(data.amounts.subtotal)]];
    if (data.amounts.tax > 0) amounts.push([tr.t("common.tax"), money(data.amounts.tax)]);
    amounts.push([tr.t("email.totalPaid"), money(data.amounts.total)]);
    const manage = tr.t("email.manageSubscription");

    const text = textParts([
      greeting,
      intro,
      textRows(details, tr),
      textRows(amounts, tr),
      data.reverseCharge?.length ? data.reverseCharge.join("\n") : null,
      data.receiptUrl
        ? tr.t("common.labelValue", { label: tr.t("email.receipt"), value: data.receiptUrl })
        : null,
      data.receiptPdfUrl
        ? tr.t("common.labelValue", { label: tr.t("email.linkReceiptPdf"), value: data.receiptPdfUrl })
        : null,
      data.portalUrl ? tr.t("common.labelValue", { label: manage, value: data.portalUrl }) : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro])} ${htmlRows(details)}
    ${htmlRows(amounts, { boldLast: true, alignRight: true })}
    ${data.reverseCharge?.length ? htmlParagraphs([data.reverseCharge.join(" · ")]) : null}
    ${data.receiptUrl ? htmlLink(tr.t("email.viewReceipt"), data.receiptUrl) : null}
    ${data.portalUrl ? htmlLink(manage, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.renewalHeading"), text, html: body },
        tr,
      ),
    };
  },
};
