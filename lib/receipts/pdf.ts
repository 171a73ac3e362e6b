// The receipt as a PDF (pdfkit, its built-in Helvetica: no font files to ship). Pure: the view model
// in, the bytes out. Streams are left uncompressed (a one-page receipt is a few KB either way),
// which keeps the text searchable by the simplest tools; the invoice number is also the title.
import PDFDocument from "pdfkit";
import { receiptReverseChargeLines, type ReceiptView } from "./receipt";
import { translator } from "../i18n/translate";

const MARGIN = 56;
const MUTED = "#52525b";

/**
 * The built-in Helvetica writes WinAnsi only: the narrow spaces French numbers and money use
 * ("1 234,56 €") become no-break spaces, which it has.
 */
function winAnsiSafe<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/[\u2009\u202f]/g, "\u00a0")) as T;
}

/** The receipt in its own language (docs/i18n.md), as the page shows it. */
export function renderReceiptPdf(view: ReceiptView): Promise<Buffer> {
  const receipt = winAnsiSafe(view);
  const tr = translator(receipt.locale);
  const t = (...args: Parameters<typeof tr.t>) => winAnsiSafe(tr.t(...args));
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: false,
    info: {
      Title: t("receipt.titleNumbered", { number: receipt.invoiceNumber }),
      Author: receipt.seller.name,
      Subject: t("receipt.subject", { number: receipt.invoiceNumber, seller: receipt.seller.name }),
      CreationDate: new Date(receipt.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = (text: string, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(text, MARGIN, y, { width, align: "right", ...options });

  doc.font("Helvetica-Bold").fontSize(20).text(t("receipt.title"), MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  right(`${t("receipt.number")} ${receipt.invoiceNumber}`, MARGIN);
  right(`${t("receipt.date")} ${receipt.issuedOn}`, doc.y);
  right(`${t("receipt.status")} ${receipt.paymentStatus}`, doc.y);

  const partiesTop = Math.max(doc.y, MARGIN + 40) + 24;
  const column = width / 2 - 12;
  const party = (title: string, lines: string[], x: number) => {
    doc
      .fillColor(MUTED)
      .font("Helvetica-Bold")
      .fontSize(9)
      .text(title.toUpperCase(), x, partiesTop, { width: column });
    doc.fillColor("black").font("Helvetica").fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: column });
    return doc.y;
  };
  const sellerBottom = party(
    t("receipt.from"),
    [receipt.seller.name, receipt.seller.email ?? ""].filter(Boolean),
    MARGIN,
  );
  const buyer = receipt.buyer;
  const buyerBottom = party(
    t("receipt.billedTo"),
    [
      buyer.name ?? "",
      buyer.email,
      ...buyer.addressLines,
      buyer.taxId ? t("receipt.taxId", { taxId: buyer.taxId }) : "",
    ].filter(Boolean),
    MARGIN + column + 24,
  );

  let y = Math.max(sellerBottom, buyerBottom) + 28;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor("#d4d4d8")
    .stroke();
  y += 10;
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9);
  doc.text(t("receipt.description").toLocaleUpperCase(tr.intl), MARGIN, y, { width: width - 120 });
  right(t("receipt.amountIn", { currency: receipt.currency }).toLocaleUpperCase(tr.intl), y);
  y = doc.y + 6;
  for (const line of receipt.lines) {
    doc
      .fillColor("black")
      .font("Helvetica")
      .fontSize(11)
      .text(line.description, MARGIN, y, { width: width - 120 });
    right(line.amount, y);
    if (line.detail)
      doc
        .fillColor(MUTED)
        .fontSize(9)
        .text(line.detail, MARGIN, doc.y, { width: width - 120 });
    y = doc.y + 8;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor("#d4d4d8")
    .stroke();
  y += 10;
  for (const row of receipt.totals) {
    doc
      .fillColor("black")
      .font(row.strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10);
    doc.text(row.label, MARGIN + width / 2, y, { width: width / 2 - 100 });
    right(row.value, y);
    y = doc.y + 4;
  }

  const reverseCharge = winAnsiSafe(receiptReverseChargeLines(receipt));
  if (reverseCharge.length) {
    y += 16;
    doc.fillColor("black").font("Helvetica").fontSize(9);
    for (const line of reverseCharge) {
      doc.text(line, MARGIN, y, { width });
      y = doc.y + 2;
    }
  }

  doc.fillColor(MUTED).font("Helvetica").fontSize(9);
  const support = receipt.seller.email ? ` ${t("receipt.questions", { email: receipt.seller.email })}` : "";
  doc.text(`${t("receipt.orderId", { id: receipt.orderId })}.${support}`, MARGIN, y + 24, { width });
  doc.end();
  return done;
}
