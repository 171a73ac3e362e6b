// An invoice or credit note as a PDF (pdfkit, its built-in Helvetica, like the receipt's
// lib/receipts/pdf.ts). Pure: the document view in, the bytes out; rendered once when the document
// is issued and stored (./render.ts). Streams are uncompressed so the text stays searchable (and
// readable by test/pdf-text.ts).
import PDFDocument from "pdfkit";
import type { InvoiceDocument } from "./content";

const MARGIN = 56;
const MUTED = "#52525b";
const RULE = "#d4d4d8";

/**
 * Helvetica's encoding (WinAnsi) has no narrow or thin spaces, which French and other locales put
 * in numbers and before "%": they become ordinary no-break spaces.
 */
export function pdfText(text: string): string {
  return text.replace(/[\u202f\u2009\u2007\u200a]/g, "\u00a0");
}

export function renderInvoicePdf(document: InvoiceDocument, issuedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: false,
    lang: document.lang,
    info: {
      Title: pdfText(`${document.title} ${document.number}`),
      Author: pdfText(document.seller.lines[0] ?? ""),
      CreationDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(pdfText(text), x, y, options);
  const rule = (y: number) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(RULE)
      .stroke();

  doc.font("Helvetica-Bold").fontSize(20).fillColor("black");
  write(document.title, MARGIN, MARGIN, { width: width / 2 });
  // Each fact as one "label: value" run, right-aligned beside the title.
  doc.font("Helvetica").fontSize(10);
  let y = MARGIN;
  for (const fact of document.facts) {
    write(`${fact.label}: ${fact.value}`, MARGIN + width / 2, y, { width: width / 2, align: "right" });
    y = doc.y;
  }

  const partiesTop = Math.max(y, MARGIN + 40) + 24;
  const column = width / 2 - 12;
  const party = (heading: string, lines: string[], x: number) => {
    doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9);
    write(heading.toUpperCase(), x, partiesTop, { width: column });
    doc.fillColor("black").font("Helvetica").fontSize(10);
    for (const line of lines) write(line, x, doc.y, { width: column });
    return doc.y;
  };
  const sellerBottom = party(document.seller.heading, document.seller.lines, MARGIN);
  const buyerBottom = party(document.buyer.heading, document.buyer.lines, MARGIN + column + 24);

  y = Math.max(sellerBottom, buyerBottom) + 28;
  rule(y);
  y += 10;
  const cols = { quantity: MARGIN + width - 260, unit: MARGIN + width - 200, amount: MARGIN + width - 100 };
  const header = document.columns;
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9);
  write(header.description.toUpperCase(), MARGIN, y, { width: cols.quantity - MARGIN - 8 });
  write(header.quantity.toUpperCase(), cols.quantity, y, { width: 50, align: "right" });
  write(header.unitPrice.toUpperCase(), cols.unit, y, { width: 95, align: "right" });
  write(header.amount.toUpperCase(), cols.amount, y, { width: 100, align: "right" });
  y = doc.y + 6;
  doc.fillColor("black").font("Helvetica").fontSize(10);
  for (const line of document.lines) {
    write(line.description, MARGIN, y, { width: cols.quantity - MARGIN - 8 });
    const bottom = doc.y;
    write(line.quantity, cols.quantity, y, { width: 50, align: "right" });
    write(line.unitPrice, cols.unit, y, { width: 95, align: "right" });
    write(line.amount, cols.amount, y, { width: 100, align: "right" });
    y = Math.max(bottom, doc.y) + 8;
  }
  rule(y);
  y += 10;
  for (const row of document.totals) {
    doc.font(row.strong ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    write(row.label, MARGIN + width / 2, y, { width: width / 2 - 110 });
    const bottom = doc.y;
    write(row.value, cols.amount, y, { width: 100, align: "right" });
    y = Math.max(bottom, doc.y) + 4;
  }

  y += 16;
  doc.font("Helvetica").fontSize(9).fillColor("black");
  for (const note of document.notes) {
    write(note, MARGIN, y, { width });
    y = doc.y + 3;
  }
  if (document.footer) {
    doc.fillColor(MUTED);
    write(document.footer, MARGIN, y + 18, { width });
  }
  doc.end();
  return done;
}
