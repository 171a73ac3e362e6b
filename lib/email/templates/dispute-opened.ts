// "A payment was disputed": to the merchant (the organization's email) when a processor reports a
// new dispute (lib/disputes/record.ts). It says how much is contested, why, on which order, and by
// when the processor wants evidence; and whether the order's access was taken back at once (the
// organization's `revoke_benefits_on_dispute`).
import { formatMoney } from "../../money";
import { formatDate, htmlFacts, htmlLink, htmlParagraphs, textParts, textRows, type Rows } from "./blocks";
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type DisputeEmailData = {
  /** The order's number, e.g. `ACME-0042`. */
  invoiceNumber: string;
  productName: string;
  customerEmail: string;
  /** Minor units contested. */
  amount: number;
  currency: string;
  /** The processor's reason in words, e.g. "Product not received". */
  reason: string;
  /** Null: no evidence is expected (or the processor gave no deadline). */
  evidenceDueBy: Date | null;
  disputedAt: Date;
  /** The order's benefits were taken back with this notice (license keys stop working). */
  accessRevoked: boolean;
  /** The order's page on the dashboard. */
  orderUrl: string;
};

/** The facts both dispute emails give. */
export function disputeFacts(data: Omit<DisputeEmailData, "evidenceDueBy">): Rows {
  return [
    ["Order", data.invoiceNumber],
    ["Product", data.productName],
    ["Customer", data.customerEmail],
    ["Amount", formatMoney(data.amount, data.currency)],
    ["Reason", data.reason],
    ["Disputed", formatDate(data.disputedAt)],
  ];
}

export const disputeOpened: EmailTemplate<DisputeEmailData> = {
  kind: "dispute_opened",
  render(data, brand) {
    const amount = formatMoney(data.amount, data.currency);
    const subject = `A payment was disputed: ${amount} on order ${data.invoiceNumber}`;
    const lead = `The buyer's bank is contesting ${amount} paid for order ${data.invoiceNumber} (${data.productName}).`;
    const deadline = data.evidenceDueBy
      ? `Send your evidence to the payment processor by ${formatDate(data.evidenceDueBy)}; without it the dispute is lost.`
      : null;
    const facts: Rows = [...disputeFacts(data)];
    if (data.evidenceDueBy) facts.push(["Evidence due by", formatDate(data.evidenceDueBy)]);
    const access = data.accessRevoked
      ? "The order's benefits were taken back: its license keys no longer work."
      : null;
    const action = "See the order";
    const paragraphs = [lead, deadline, access].filter((part): part is string => part !== null);

    const text = textParts([lead, textRows(facts), deadline, access, `${action}: ${data.orderUrl}`]);
    const body = html`${htmlParagraphs([lead])} ${htmlFacts(facts)} ${htmlParagraphs(paragraphs.slice(1))}
    ${htmlLink(action, data.orderUrl)}`;
    return {
      subject,
      ...layout(brand, { subject, preview: lead, heading: "A payment was disputed", text, html: body }),
    };
  },
};
