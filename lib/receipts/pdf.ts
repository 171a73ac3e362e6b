// The receipt as a PDF (pdfkit, its built-in Helvetica: no font files to ship). Pure: the view model
// in, the bytes out. Streams are left uncompressed (a one-page receipt is a few KB either way),
// which keeps the text searchable by the simplest tools; the invoice number is also the title.
import PDFDocument from "pdfkit";
import { receiptReverseChargeLines, type ReceiptView } from "./receipt";

const MARGIN = 56;
const MUTED = "#52525b";

export function renderReceiptPdf(receipt: ReceiptView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: false,
    info: {
      Title: `Receipt ${receipt.invoiceNumber}`,
      Author: receipt.seller.name,
      Subject: `Receipt ${receipt.invoiceNumber} from ${receipt.seller.name}`,
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

  doc.font("Helvetica-Bold").fontSize(20).text("Receipt", MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  right(`Number ${receipt.invoiceNumber}`, MARGIN);
  right(`Date ${receipt.issuedOn}`, doc.y);
  right(`Status ${receipt.paymentStatus}`, doc.y);

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
    "From",
    [receipt.seller.name, receipt.seller.email ?? ""].filter(Boolean),
    MARGIN,
  );
  const buyer = receipt.buyer;
  const buyerBottom = party(
    "Billed to",
    [
      buyer.name ?? "",
      buyer.email,
      ...buyer.addressLines,
      buyer.taxId ? `Tax ID: ${buyer.taxId}` : "",
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
  doc.text("DESCRIPTION", MARGIN, y, { width: width - 120 });
  right(`AMOUNT (${receipt.currency})`, y);
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

  const reverseCharge = receiptReverseChargeLines(receipt);
  if (reverseCharge.length) {
    y += 16;
    doc.fillColor("black").font("Helvetica").fontSize(9);
    for (const line of reverseCharge) {
      doc.text(line, MARGIN, y, { width });
      y = doc.y + 2;
    }
  }

  doc.fillColor(MUTED).font("Helvetica").fontSize(9);
  const support = receipt.seller.email ? ` Questions? Write to ${receipt.seller.email}.` : "";
  doc.text(`Order ${receipt.orderId}.${support}`, MARGIN, y + 24, { width });
  doc.end();
  return done;
}
