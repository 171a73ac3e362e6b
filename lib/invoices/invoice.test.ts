// An invoice's snapshot, its text in the buyer's language, and what its PDF and HTML say (the PDF
// read back as text: test/pdf-text.ts): the legal lines (numbers, dates, both parties with their
// VAT IDs, the line, the discount, tax per rate or the reverse charge, totals, currency, VAT
// included), and a credit note's negative amounts and reference to the invoice.
import { describe, expect, it } from "vitest";
import { pdfText } from "@/test/pdf-text";
import { translator } from "../i18n/translate";
import { REVERSE_CHARGE_NOTE } from "../tax/reverse-charge";
import { invoiceDocument } from "./content";
import { escapeHtml } from "./html";
import { renderSnapshot } from "./render";
import { creditNoteSnapshot, invoiceSnapshot, missingBillingDetails, type InvoiceSource } from "./snapshot";

const ISSUED = new Date("2026-12-03T09:30:00.000Z");

function source(
  overrides: Partial<InvoiceSource> = {},
  order: Partial<InvoiceSource["order"]> = {},
): InvoiceSource {
  return {
    order: {
      id: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
      created_at: new Date("2026-12-01T10:43:12.345Z"),
      invoice_number: "ACME-0042",
      amount: 1_800,
      discount_amount: 200,
      tax_amount: 342,
      reverse_charge: false,
      tax_behavior: "exclusive",
      tax_basis_points: 1_900,
      currency: "eur",
      billing_name: "Buyer GmbH",
      billing_address: { line1: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" },
      ...order,
    },
    organization: {
      name: "Acme",
      email: "billing@acme.example",
      legal_name: "Acme Software SAS",
      address: { line1: "1 rue de Rivoli", postal_code: "75001", city: "Paris", country: "FR" },
      tax_id: "FR40303265045",
      tax_id_type: "eu_vat",
    },
    customer: { name: "Jane Doe", email: "jane@example.com", tax_id: null, tax_id_type: null },
    checkoutTaxId: null,
    productName: "Acme Pro",
    discountName: "Launch week",
    locale: "en",
    ...overrides,
  };
}

describe("the invoice's snapshot", () => {
  it("takes the seller's legal details, the buyer's billing details and the order's amounts", () => {
    const snapshot = invoiceSnapshot(source(), ISSUED);
    expect(snapshot).toMatchObject({
      kind: "invoice",
      number: "ACME-0042",
      issued_at: "2026-12-03T09:30:00.000Z",
      supplied_at: "2026-12-01T10:43:12.345Z",
      seller: { name: "Acme Software SAS", tax_id: "FR40303265045", tax_id_type: "eu_vat" },
      buyer: { name: "Buyer GmbH", email: "jane@example.com", tax_id: null },
      lines: [{ description: "Acme Pro", quantity: 1, unit_amount: 2_000, amount: 2_000 }],
      discount: { name: "Launch week", amount: 200 },
      net_amount: 1_800,
      tax_amount: 342,
      total_amount: 2_142,
      tax_basis_points: 1_900,
      tax_label: "vat",
      reverse_charge: null,
      corrects: null,
    });
  });

  it("needs the buyer's name and address", () => {
    expect(missingBillingDetails(source())).toBeNull();
    const noName = source(
      { customer: { name: null, email: "j@x", tax_id: null, tax_id_type: null } },
      { billing_name: null },
    );
    expect(missingBillingDetails(noName)).toMatch(/no billing name/);
    expect(missingBillingDetails(source({}, { billing_address: null }))).toMatch(/no billing address/);
    // The customer's name stands in for a billing name never corrected.
    expect(missingBillingDetails(source({}, { billing_name: null }))).toBeNull();
  });
});

describe("the invoice's text", () => {
  it("lists the legal lines in English; the reverse charge reuses the receipt's wording", () => {
    const document = invoiceDocument(invoiceSnapshot(source(), ISSUED));
    expect(document.title).toBe("Invoice");
    expect(document.facts).toEqual([
      { label: "Invoice number", value: "ACME-0042" },
      { label: "Date of issue", value: "December 3, 2026" },
      { label: "Date of supply", value: "December 1, 2026" },
      { label: "Order", value: "ACME-0042" },
    ]);
    expect(document.seller.lines).toEqual([
      "Acme Software SAS",
      "1 rue de Rivoli",
      "75001 Paris",
      "France",
      "VAT ID: FR40303265045",
    ]);
    expect(document.buyer.lines).toEqual([
      "Buyer GmbH",
      "Hauptstr. 1",
      "10115 Berlin",
      "Germany",
      "jane@example.com",
    ]);
    expect(document.lines).toEqual([
      { description: "Acme Pro", quantity: "1", unitPrice: "€20.00", amount: "€20.00" },
    ]);
    expect(document.totals).toEqual([
      { label: "Discount (Launch week)", value: "-€2.00" },
      { label: "Net amount", value: "€18.00" },
      { label: "VAT 19%", value: "€3.42" },
      { label: "Total", value: "€21.42", strong: true },
    ]);
    expect(document.notes).toEqual(["All amounts in EUR."]);
    expect(translator("en").t("invoice.reverseCharge")).toBe(`${REVERSE_CHARGE_NOTE}.`);
  });

  it("in German, with prices including VAT", () => {
    const snapshot = invoiceSnapshot(source({ locale: "de" }, { tax_behavior: "inclusive" }), ISSUED);
    const document = invoiceDocument(snapshot);
    expect(document.title).toBe("Rechnung");
    expect(document.facts[1]).toEqual({ label: "Rechnungsdatum", value: "3. Dezember 2026" });
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(document.totals.map((row) => [spaced(row.label), spaced(row.value)])).toEqual([
      ["Rabatt (Launch week)", "-2,00 €"],
      ["Nettobetrag", "18,00 €"],
      ["USt. 19 %", "3,42 €"],
      ["Gesamt", "21,42 €"],
    ]);
    expect(document.notes).toEqual(["Preise inklusive USt.", "Alle Beträge in EUR."]);
    expect(document.buyer.lines).toContain("Deutschland");
  });

  it("a reverse-charged sale: no VAT, the note with both VAT IDs", () => {
    const snapshot = invoiceSnapshot(
      source({ checkoutTaxId: "DE123456789" }, { reverse_charge: true, tax_amount: 0, tax_basis_points: 0 }),
      ISSUED,
    );
    const document = invoiceDocument(snapshot);
    expect(document.totals.slice(-2)).toEqual([
      { label: "VAT (reverse charge)", value: "€0.00" },
      { label: "Total", value: "€18.00", strong: true },
    ]);
    expect(document.notes).toEqual([
      `${REVERSE_CHARGE_NOTE}.`,
      "Seller's VAT ID: FR40303265045",
      "Buyer's VAT ID: DE123456789",
      "All amounts in EUR.",
    ]);
    expect(document.buyer.lines).toContain("Tax ID: DE123456789");
  });

  it("an order that recorded no rate states the one its amounts imply", () => {
    const snapshot = invoiceSnapshot(
      source({}, { tax_basis_points: 0, amount: 900, tax_amount: 171 }),
      ISSUED,
    );
    expect(snapshot.tax_basis_points).toBe(1_900);
    expect(invoiceDocument(snapshot).totals.find((row) => row.label.startsWith("VAT"))?.label).toBe(
      "VAT 19%",
    );
  });

  it("a seller outside the EU without a VAT number says Tax", () => {
    const snapshot = invoiceSnapshot(
      source({
        organization: {
          name: "Acme Inc",
          email: null,
          legal_name: null,
          address: { country: "US", state: "US-CA", city: "San Francisco" },
          tax_id: null,
          tax_id_type: null,
        },
      }),
      ISSUED,
    );
    expect(snapshot.seller.name).toBe("Acme Inc");
    expect(invoiceDocument(snapshot).totals[2]).toEqual({ label: "Tax 19%", value: "€3.42" });
  });
});

describe("the credit note", () => {
  it("credits the refund's net and tax against the invoice, which it names with its date", () => {
    const invoice = invoiceSnapshot(source(), ISSUED);
    const credit = creditNoteSnapshot(
      invoice,
      { id: "r1", amount: 1_071, tax_amount: 171 },
      { number: "ACME-CN-0001", issuedAt: new Date("2026-12-10T12:00:00Z") },
      "Acme Pro",
      translator("en"),
    );
    expect(credit).toMatchObject({
      kind: "credit_note",
      number: "ACME-CN-0001",
      net_amount: -900,
      tax_amount: -171,
      total_amount: -1_071,
      discount: null,
      corrects: { invoice_number: "ACME-0042", invoice_issued_at: invoice.issued_at, refund_id: "r1" },
      seller: invoice.seller,
      buyer: invoice.buyer,
    });
    const document = invoiceDocument(credit);
    expect(document.title).toBe("Credit note");
    expect(document.facts[0]).toEqual({ label: "Credit note number", value: "ACME-CN-0001" });
    expect(document.lines).toEqual([
      { description: "Refund: Acme Pro", quantity: "1", unitPrice: "-€9.00", amount: "-€9.00" },
    ]);
    expect(document.totals).toEqual([
      { label: "Net amount", value: "-€9.00" },
      { label: "VAT 19%", value: "-€1.71" },
      { label: "Total", value: "-€10.71", strong: true },
    ]);
    expect(document.notes[0]).toBe("Corrects invoice ACME-0042 of December 3, 2026.");
  });
});

describe("the rendered documents", () => {
  it("the PDF says the legal lines, read back as text", async () => {
    const snapshot = invoiceSnapshot(
      source({ checkoutTaxId: "DE123456789" }, { reverse_charge: true, tax_amount: 0, tax_basis_points: 0 }),
      ISSUED,
    );
    const { pdf } = await renderSnapshot(snapshot);
    const text = pdfText(pdf);
    for (const line of [
      "Invoice",
      "Invoice number: ACME-0042",
      "Date of issue: December 3, 2026",
      "Date of supply: December 1, 2026",
      "Acme Software SAS",
      "VAT ID: FR40303265045",
      "Buyer GmbH",
      "10115 Berlin",
      "Tax ID: DE123456789",
      "Acme Pro",
      "Discount (Launch week)",
      "Net amount",
      "€18.00",
      "VAT (reverse charge)",
      `${REVERSE_CHARGE_NOTE}.`,
      "Seller's VAT ID: FR40303265045",
      "Buyer's VAT ID: DE123456789",
      "All amounts in EUR.",
    ]) {
      expect(text.split("\n"), line).toContain(line);
    }
  });

  it("a French PDF: its accents and narrow spaces survive the standard font", async () => {
    const { pdf } = await renderSnapshot(invoiceSnapshot(source({ locale: "fr" }), ISSUED));
    const lines = pdfText(pdf).split("\n");
    expect(lines).toContain("Numéro de facture: ACME-0042");
    expect(lines).toContain("TVA 19 %");
    expect(lines).toContain("21,42 €");
  });

  it("the HTML escapes what the buyer typed and links its own PDF", async () => {
    const snapshot = invoiceSnapshot(source({}, { billing_name: '<script>alert("x")</script>' }), ISSUED);
    const { html } = await renderSnapshot(snapshot);
    expect(html).not.toContain("<script>");
    expect(html).toContain(escapeHtml('<script>alert("x")</script>'));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<a href="?format=pdf">Download PDF</a>');
    expect(html).toContain("VAT 19%");
  });
});
