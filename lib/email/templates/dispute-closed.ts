// "A dispute was won" / "A dispute was lost" (or an inquiry closed): to the merchant when the
// processor reports a dispute's final status (lib/disputes/record.ts). A lost dispute takes the
// order's benefits back, and the email says so.
import { formatMoney } from "../../money";
import { formatDate, htmlFacts, htmlLink, htmlParagraphs, textParts, textRows, type Rows } from "./blocks";
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";
import { disputeFacts, type DisputeEmailData } from "./dispute-opened";

export type DisputeClosedData = Omit<DisputeEmailData, "evidenceDueBy"> & {
  outcome: "won" | "lost" | "warning_closed";
  closedAt: Date;
};

function headingOf(outcome: DisputeClosedData["outcome"]): string {
  if (outcome === "won") return "A dispute was won";
  if (outcome === "lost") return "A dispute was lost";
  return "A payment inquiry was closed";
}

function leadOf(data: DisputeClosedData, amount: string): string {
  const order = `order ${data.invoiceNumber} (${data.productName})`;
  if (data.outcome === "won") return `The dispute of ${amount} on ${order} was decided in your favour.`;
  if (data.outcome === "lost") return `The dispute of ${amount} on ${order} was decided for the buyer.`;
  return `The buyer's bank closed its inquiry about ${amount} on ${order} without a dispute.`;
}

export const disputeClosed: EmailTemplate<DisputeClosedData> = {
  kind: "dispute_closed",
  render(data, brand) {
    const amount = formatMoney(data.amount, data.currency);
    const heading = headingOf(data.outcome);
    const subject = `${heading}: ${amount} on order ${data.invoiceNumber}`;
    const lead = leadOf(data, amount);
    const facts: Rows = [...disputeFacts(data), ["Closed", formatDate(data.closedAt)]];
    const access = data.accessRevoked
      ? "The order's benefits were taken back: its license keys no longer work."
      : null;
    const action = "See the order";

    const text = textParts([lead, textRows(facts), access, `${action}: ${data.orderUrl}`]);
    const body = html`${htmlParagraphs([lead])} ${htmlFacts(facts)} ${htmlParagraphs(access ? [access] : [])}
    ${htmlLink(action, data.orderUrl)}`;
    return { subject, ...layout(brand, { subject, preview: lead, heading, text, html: body }) };
  },
};
