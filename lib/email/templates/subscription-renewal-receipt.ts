// The renewal receipt: sent for each `subscription_cycle` order (a renewal, or a dunning retry or a
// new card that paid the period). It shows what the period cost and when the next one starts.
import { formatMoney } from "../../money";
import { html } from "./html";
import { layout } from "./layout";
import {
  formatDate,
  greetingFor,
  htmlLink,
  htmlParagraphs,
  htmlRows,
  textParts,
  textRows,
  type Rows,
} from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionRenewalReceiptData = {
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
    const subject = `Your ${data.productName} subscription was renewed`;
    const greeting = greetingFor(data.customerName);
    const interval = data.recurringInterval === "year" ? "yearly" : "monthly";
    const intro = `Your ${interval} subscription to ${data.productName} from ${brand.name} was renewed. This is your receipt.`;
    const money = (minor: number) => formatMoney(minor, data.currency);
    const details: Rows = [
      ["Order", data.invoiceNumber],
      ["Date", formatDate(data.orderedAt)],
      ["Product", `${data.productName} (${interval} subscription)`],
      ["Period", `${formatDate(data.periodStart)} to ${formatDate(data.periodEnd)}`],
    ];
    const amounts: Rows = [["Subtotal", money(data.amounts.subtotal)]];
    if (data.amounts.tax > 0) amounts.push(["Tax", money(data.amounts.tax)]);
    amounts.push(["Total paid", money(data.amounts.total)]);
    const manage = "Manage your subscription";

    const text = textParts([
      greeting,
      intro,
      textRows(details),
      textRows(amounts),
      data.reverseCharge?.length ? data.reverseCharge.join("\n") : null,
      data.receiptUrl ? `Receipt: ${data.receiptUrl}` : null,
      data.receiptPdfUrl ? `Receipt (PDF): ${data.receiptPdfUrl}` : null,
      data.portalUrl ? `${manage}: ${data.portalUrl}` : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro])} ${htmlRows(details)}
    ${htmlRows(amounts, { boldLast: true, alignRight: true })}
    ${data.reverseCharge?.length ? htmlParagraphs([data.reverseCharge.join(" · ")]) : null}
    ${data.receiptUrl ? htmlLink("View receipt", data.receiptUrl) : null}
    ${data.portalUrl ? htmlLink(manage, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "Subscription renewed", text, html: body }),
    };
  },
};
