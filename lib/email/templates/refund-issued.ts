// "Refund issued": sent when a refund succeeded (lib/refunds/settle.ts). It says how much comes
// back (and its tax part), for which order, what the order has been refunded in all, and whether
// the purchase's access (license keys, subscription) was taken back with it.
import type { Translator } from "../../i18n/translate";
import {
  emailTranslator,
  formatDate,
  greetingFor,
  htmlFacts,
  htmlMoneyLines,
  textRows,
  type Localized,
} from "./blocks";
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type RefundIssuedData = Localized & {
  customerName: string | null;
  orderId: string;
  /** The order's number, e.g. `ACME-0042`. */
  invoiceNumber: string;
  orderedAt: Date;
  productName: string;
  currency: string;
  /** Minor units: this refund (tax included) and its tax part. */
  amount: number;
  taxAmount: number;
  /** The order's total paid, and what has been refunded of it with this refund (tax included). */
  orderTotal: number;
  refundedTotal: number;
  refundedAt: Date;
  /** The refund took back the order's benefits (license keys stop working, a subscription ends). */
  accessRevoked: boolean;
};

function accessNote(data: RefundIssuedData, tr: Translator): string {
  return tr.t(data.accessRevoked ? "email.accessRevoked" : "email.accessKept", { product: data.productName });
}

export const refundIssued: EmailTemplate<RefundIssuedData> = {
  kind: "refund_issued",
  render(data, brand) {
    const tr = emailTranslator(data);
    const money = (minor: number) => tr.money(minor, data.currency);
    const subject = tr.t("email.refundSubject", { brand: brand.name });
    const greeting = greetingFor(data.customerName, tr);
    const lead = tr.t("email.refundLead", { brand: brand.name, amount: money(data.amount) });
    const details: [string, string][] = [
      [tr.t("email.order"), data.invoiceNumber],
      [tr.t("email.ordered"), formatDate(data.orderedAt, tr)],
      [tr.t("email.product"), data.productName],
      [tr.t("email.refundDate"), formatDate(data.refundedAt, tr)],
    ];
    const amounts: [string, string][] = [[tr.t("email.refundedNow"), money(data.amount)]];
    if (data.taxAmount > 0) amounts.push([tr.t("email.ofWhichTax"), money(data.taxAmount)]);
    amounts.push([tr.t("email.orderTotal"), money(data.orderTotal)]);
    amounts.push([tr.t("email.refundedInAll"), money(data.refundedTotal)]);
    const access = accessNote(data, tr);

    const text = [greeting, lead, textRows(details, tr), textRows(amounts, tr), access].join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${lead}</p>
      ${htmlFacts(details)} ${htmlMoneyLines(amounts, "first")}
      <p style="margin:0;${data.accessRevoked ? "font-weight:600;" : ""}">${access}</p>`;

    return {
      subject,
      ...layout(
        brand,
        { subject, preview: lead, heading: tr.t("email.refundHeading"), text, html: body },
        tr,
      ),
    };
  },
};
