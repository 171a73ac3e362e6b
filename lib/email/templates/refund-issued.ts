// "Refund issued": sent when a refund succeeded (lib/refunds/settle.ts). It says how much comes
// back (and its tax part), for which order, what the order has been refunded in all, and whether
// the purchase's access (license keys, subscription) was taken back with it.
import { formatMoney } from "../../money";
import { formatDate, htmlFacts, htmlMoneyLines, textRows } from "./blocks";
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type RefundIssuedData = {
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

function accessNote(data: RefundIssuedData): string {
  return data.accessRevoked
    ? `Access to ${data.productName} has ended with this refund: its license keys no longer work.`
    : `Your access to ${data.productName} is not affected by this refund.`;
}

export const refundIssued: EmailTemplate<RefundIssuedData> = {
  kind: "refund_issued",
  render(data, brand) {
    const money = (minor: number) => formatMoney(minor, data.currency);
    const subject = `Your refund from ${brand.name}`;
    const greeting = data.customerName ? `Hi ${data.customerName},` : "Hi,";
    const lead = `${brand.name} has refunded ${money(data.amount)} for your order. It goes back to the payment method you paid with; your bank may take a few days to show it.`;
    const details: [string, string][] = [
      ["Order", data.invoiceNumber],
      ["Ordered", formatDate(data.orderedAt)],
      ["Product", data.productName],
      ["Refund date", formatDate(data.refundedAt)],
    ];
    const amounts: [string, string][] = [["Refunded now", money(data.amount)]];
    if (data.taxAmount > 0) amounts.push(["Of which tax", money(data.taxAmount)]);
    amounts.push(["Order total", money(data.orderTotal)]);
    amounts.push(["Refunded in all", money(data.refundedTotal)]);
    const access = accessNote(data);

    const text = [greeting, lead, textRows(details), textRows(amounts), access].join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${lead}</p>
      ${htmlFacts(details)} ${htmlMoneyLines(amounts, "first")}
      <p style="margin:0;${data.accessRevoked ? "font-weight:600;" : ""}">${access}</p>`;

    return {
      subject,
      ...layout(brand, { subject, preview: lead, heading: "Refund issued", text, html: body }),
    };
  },
};
