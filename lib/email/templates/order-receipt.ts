// The purchase receipt: sent when a purchase (one-time or a subscription's first payment) becomes an
// order. It lists what was bought and paid, the license keys the order issued (in full: they are
// the buyer's), and links back to the purchase.
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

export type OrderReceiptData = Localized & {
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

function amountLines(data: OrderReceiptData, tr: Translator): [label: string, value: string][] {
  const money = (minor: number) => tr.money(minor, data.currency);
  const { subtotal, discount, tax, total } = data.amounts;
  const lines: [string, string][] = [[tr.t("common.subtotal"), money(subtotal)]];
  if (discount > 0)
    lines.push([
      data.discountName ? tr.t("email.discountNamed", { name: data.discountName }) : tr.t("common.discount"),
      `-${money(discount)}`,
    ]);
  if (tax > 0) lines.push([tr.t("common.tax"), money(tax)]);
  lines.push([tr.t("email.totalPaid"), money(total)]);
  return lines;
}

/** "Studio (monthly subscription)": the product's name as written, the rest in the buyer's language. */
export function subscriptionProductLine(
  productName: string,
  interval: "month" | "year" | null,
  tr: Translator,
): string {
  if (!interval) return productName;
  return tr.t(interval === "year" ? "email.subscriptionYearly" : "email.subscriptionMonthly", {
    product: productName,
  });
}

function keyNote(key: OrderReceiptData["licenseKeys"][number], tr: Translator): string {
  return key.expiresAt
    ? tr.t("email.keyValidUntil", { benefit: key.benefit, date: formatDate(key.expiresAt, tr) })
    : key.benefit;
}

export const orderReceipt: EmailTemplate<OrderReceiptData> = {
  kind: "order_receipt",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.receiptSubject", { brand: brand.name });
    const greeting = greetingFor(data.customerName, tr);
    const thanks = tr.t("email.receiptThanks", { brand: brand.name });
    const details: [string, string][] = [
      [tr.t("email.order"), data.invoiceNumber],
      [tr.t("email.date"), formatDate(data.orderedAt, tr)],
      [tr.t("email.product"), subscriptionProductLine(data.productName, data.recurringInterval, tr)],
    ];
    const amounts = amountLines(data, tr);
    const keysTitle = tr.t(data.licenseKeys.length > 1 ? "email.licenseKeys" : "email.licenseKey");
    const disclosure = data.discountDisclosure ? `${data.discountDisclosure}.` : null;
    const links: [string, string][] = [];
    if (data.receiptUrl) links.push([tr.t("email.linkReceipt"), data.receiptUrl]);
    if (data.receiptPdfUrl) links.push([tr.t("email.linkReceiptPdf"), data.receiptPdfUrl]);
    if (data.purchaseUrl) links.push([tr.t("email.linkPurchase"), data.purchaseUrl]);
    if (data.portalUrl) links.push([tr.t("email.linkManagePurchases"), data.portalUrl]);

    const text = [
      greeting,
      thanks,
      textRows(details, tr),
      textRows(amounts, tr),
      disclosure,
      data.reverseCharge?.length ? data.reverseCharge.join("\n") : null,
      data.licenseKeys.length
        ? `${tr.t("common.labelValue", { label: keysTitle, value: "" }).trimEnd()}\n` +
          data.licenseKeys.map((key) => `${key.key}\n  (${keyNote(key, tr)})`).join("\n")
        : null,
      links.length
        ? links.map(([label, url]) => tr.t("common.labelValue", { label: label, value: url })).join("\n")
        : null,
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
                    ><br /><span style="font-size:13px;color:#71717a;">${keyNote(key, tr)}</span>
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
      ...layout(
        brand,
        { subject, preview: thanks, heading: tr.t("email.receiptHeading"), text, html: body },
        tr,
      ),
    };
  },
};
