// The purchase receipt: sent when a purchase (one-time or a subscription's first payment) becomes an
// order. It lists what was bought and paid, the license keys the order issued (in full: they are
// the buyer's), and links back to the purchase.
import { formatMoney } from "../../money";
import { formatDate, htmlFacts, htmlMoneyLines, textRows } from "./blocks";
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type OrderReceiptData = {
  customerName: string | null;
  orderId: string;
  /** The order's number, e.g. `ACME-0042`. */
  invoiceNumber: string;
  orderedAt: Date;
  productName: string;
  /** Set for a subscription's first order: the product renews every such interval. */
  recurringInterval: "month" | "year" | null;
  currency: string;
  /** Minor units. `subtotal` is before the discount; `total` is what the buyer paid. */
  amounts: { subtotal: number; discount: number; tax: number; total: number };
  discountName: string | null;
  /**
   * A subscription whose discount covers only its first period(s): "$8.57 today, then $10.71 /
   * month" (lib/checkout/discount-disclosure.ts); null otherwise.
   */
  discountDisclosure?: string | null;
  /** The EU reverse charge's note and both VAT IDs (lib/tax/reverse-charge.ts); absent: none. */
  reverseCharge?: string[] | null;
  licenseKeys: { key: string; benefit: string; expiresAt: Date | null }[];
  /** The checkout's confirmation page, which shows the purchase again. */
  purchaseUrl: string | null;
  /** The printable receipt (lib/receipts/links.ts), and its PDF. */
  receiptUrl?: string | null;
  receiptPdfUrl?: string | null;
  /** Where the buyer manages their purchases (the customer portal), when there is one. */
  portalUrl?: string | null;
};

function amountLines(data: OrderReceiptData): [label: string, value: string][] {
  const money = (minor: number) => formatMoney(minor, data.currency);
  const { subtotal, discount, tax, total } = data.amounts;
  const lines: [string, string][] = [["Subtotal", money(subtotal)]];
  if (discount > 0)
    lines.push([data.discountName ? `Discount (${data.discountName})` : "Discount", `-${money(discount)}`]);
  if (tax > 0) lines.push(["Tax", money(tax)]);
  lines.push(["Total paid", money(total)]);
  return lines;
}

function productLine(data: OrderReceiptData): string {
  const interval = data.recurringInterval === "year" ? "yearly" : "monthly";
  return data.recurringInterval ? `${data.productName} (${interval} subscription)` : data.productName;
}

function keyNote(key: OrderReceiptData["licenseKeys"][number]): string {
  return key.expiresAt ? `${key.benefit}, valid until ${formatDate(key.expiresAt)}` : key.benefit;
}

export const orderReceipt: EmailTemplate<OrderReceiptData> = {
  kind: "order_receipt",
  render(data, brand) {
    const subject = `Your receipt from ${brand.name}`;
    const greeting = data.customerName ? `Hi ${data.customerName},` : "Hi,";
    const thanks = `Thank you for your purchase from ${brand.name}. This is your receipt.`;
    const details: [string, string][] = [
      ["Order", data.invoiceNumber],
      ["Date", formatDate(data.orderedAt)],
      ["Product", productLine(data)],
    ];
    const amounts = amountLines(data);
    const keysTitle = data.licenseKeys.length > 1 ? "Your license keys" : "Your license key";
    const disclosure = data.discountDisclosure ? `${data.discountDisclosure}.` : null;
    const links: [string, string][] = [];
    if (data.receiptUrl) links.push(["Your receipt", data.receiptUrl]);
    if (data.receiptPdfUrl) links.push(["Receipt (PDF)", data.receiptPdfUrl]);
    if (data.purchaseUrl) links.push(["Your purchase", data.purchaseUrl]);
    if (data.portalUrl) links.push(["Manage your purchases", data.portalUrl]);

    const text = [
      greeting,
      thanks,
      textRows(details),
      textRows(amounts),
      disclosure,
      data.reverseCharge?.length ? data.reverseCharge.join("\n") : null,
      data.licenseKeys.length
        ? `${keysTitle}:\n` + data.licenseKeys.map((key) => `${key.key}\n  (${keyNote(key)})`).join("\n")
        : null,
      links.length ? links.map(([label, url]) => `${label}: ${url}`).join("\n") : null,
    ]
      .filter((part) => part !== null)
      .join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${thanks}</p>
      ${htmlFacts(details)} ${htmlMoneyLines(amounts, "last")}
      ${disclosure ? html`<p style="margin:0 0 16px;font-weight:600;">${disclosure}</p>` : null}
      ${
        data.reverseCharge?.length
          ? html`<p style="margin:0 0 16px;">
              ${data.reverseCharge.map((line, i) => (i ? html`<br />${line}` : html`${line}`))}
            </p>`
          : null
      }
      ${
        data.licenseKeys.length
          ? html`<h2 style="margin:16px 0 8px;font-size:16px;">${keysTitle}</h2>
              ${data.licenseKeys.map(
                (key) =>
                  html`<p style="margin:0 0 12px;">
                    <code
                      style="display:inline-block;padding:6px 8px;background:#f4f4f5;border-radius:4px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;word-break:break-all;"
                      >${key.key}</code
                    ><br /><span style="font-size:13px;color:#71717a;">${keyNote(key)}</span>
                  </p>`,
              )}`
          : null
      }
      ${links.map(
        ([label, url]) =>
          html`<p style="margin:16px 0 0;">
            <a href="${url}" style="color:#4f46e5;font-weight:600;">${label}</a>
          </p>`,
      )}`;

    return {
      subject,
      ...layout(brand, { subject, preview: thanks, heading: "Your receipt", text, html: body }),
    };
  },
};
