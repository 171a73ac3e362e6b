// The receipt view model (pure): amounts, discount, refunds, buyer details and the wording both
// renderers print; and the PDF renderer's output for it.
import { describe, expect, it } from "vitest";
import { buildReceipt, receiptReverseChargeLines, type ReceiptOrder } from "./receipt";
import { renderReceiptPdf } from "./pdf";
import { receiptPdfFilename } from "./pdf-response";

function order(overrides: Partial<ReceiptOrder> = {}): ReceiptOrder {
  return {
    id: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
    created_at: new Date("2026-11-27T10:43:12.345Z"),
    modified_at: null,
    organization_id: "org",
    metadata: {},
    custom_field_data: {},
    status: "paid",
    amount: 1800,
    tax_amount: 342,
    reverse_charge: false,
    refunded_amount: 0,
    refunded_tax_amount: 0,
    currency: "eur",
    billing_reason: "subscription_create",
    billing_address: { line1: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" },
    product_price_type: "recurring",
    customer_id: "c",
    product_id: "p",
    product_price_id: "pp",
    discount_id: "d",
    subscription_id: "s",
    checkout_id: "cs",
    invoice_number: "ACME-0042",
    organization: { name: "Acme Software", email: "help@acme.example" },
    customer: { email: "jane@example.com", name: "Jane Doe", tax_id: "DE999", locale: null },
    product: { name: "Acme Pro" },
    product_price: { type: "recurring", recurring_interval: "month" },
    discount: { name: "Launch week" },
    subscription: { amount: 2000 },
    checkout: { discount_amount: 200, customer_tax_id: "DE123456789", locale: null },
    ...overrides,
  } as ReceiptOrder;
}

describe("receipt view model", () => {
  it("shows the seller, the buyer with address and tax id, the line, discount, tax and total", () => {
    expect(buildReceipt(order())).toEqual({
      locale: "en",
      orderId: "5d0c2a52-3f7e-4b8e-9f0e-2f1f7f6f1a01",
      invoiceNumber: "ACME-0042",
      issuedOn: "November 27, 2026",
      issuedAt: "2026-11-27T10:43:12.345Z",
      status: "paid",
      paymentStatus: "Paid",
      seller: { name: "Acme Software", email: "help@acme.example" },
      buyer: {
        name: "Jane Doe",
        email: "jane@example.com",
        addressLines: ["Hauptstr. 1", "10115 Berlin", "Germany"],
        taxId: "DE123456789",
      },
      currency: "EUR",
      lines: [
        { description: "Acme Pro", detail: "Subscription, first period, billed per month", amount: "€20.00" },
      ],
      totals: [
        { label: "Subtotal", value: "€20.00" },
        { label: "Discount (Launch week)", value: "-€2.00" },
        { label: "Tax", value: "€3.42" },
        { label: "Total", value: "€21.42", strong: true },
      ],
      reverseCharge: null,
    });
  });

  it("says the reverse charge with both VAT IDs (docs/tax.md)", async () => {
    const receipt = buildReceipt(
      order({
        reverse_charge: true,
        tax_amount: 0,
        organization: {
          name: "Acme Software",
          email: "help@acme.example",
          tax_id: "FR40303265045",
          tax_id_type: "eu_vat",
        },
      }),
    );
    expect(receipt.reverseCharge).toEqual({
      note: "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)",
      sellerVatId: "FR40303265045",
      buyerVatId: "DE123456789",
    });
    expect(receipt.totals.find((row) => row.label.startsWith("Tax"))).toEqual({
      label: "Tax (reverse charge)",
      value: "€0.00",
    });
    expect(receiptReverseChargeLines(receipt)).toEqual([
      "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).",
      "Seller's VAT ID: FR40303265045",
      "Buyer's VAT ID: DE123456789",
    ]);
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("adds the refunds (tax included) and what remains paid", () => {
    const receipt = buildReceipt(
      order({ status: "partially_refunded", refunded_amount: 900, refunded_tax_amount: 171 }),
    );
    expect(receipt.paymentStatus).toBe("Partially refunded");
    expect(receipt.totals.slice(-2)).toEqual([
      { label: "Refunded (incl. €1.71 tax)", value: "-€10.71" },
      { label: "Net paid", value: "€10.71", strong: true },
    ]);
  });

  it("a renewal's discount is the subscription's price less what was charged; a one-time purchase has no detail", () => {
    const renewal = buildReceipt(
      order({ billing_reason: "subscription_cycle", checkout: null, checkout_id: null }),
    );
    expect(renewal.lines[0]).toEqual({
      description: "Acme Pro",
      detail: "Subscription renewal, billed per month",
      amount: "€20.00",
    });
    expect(renewal.buyer.taxId).toBe("DE999");
    const purchase = buildReceipt(
      order({
        billing_reason: "purchase",
        product_price: { type: "one_time", recurring_interval: null },
        discount_id: null,
        discount: null,
        checkout: { discount_amount: 0, customer_tax_id: null, locale: null },
        billing_address: null,
        customer: { email: "jane@example.com", name: null, tax_id: null, locale: null },
      }),
    );
    expect(purchase.lines[0]).toEqual({ description: "Acme Pro", detail: null, amount: "€18.00" });
    expect(purchase.buyer).toEqual({ name: null, email: "jane@example.com", addressLines: [], taxId: null });
    expect(purchase.totals.map((row) => row.label)).toEqual(["Subtotal", "Tax", "Total"]);
  });

  it("speaks the order's language: its checkout's, else the customer's (docs/i18n.md)", async () => {
    const german = buildReceipt(
      order({
        reverse_charge: true,
        tax_amount: 0,
        refunded_amount: 500,
        status: "partially_refunded",
        checkout: { discount_amount: 200, customer_tax_id: "DE123456789", locale: "de-AT" },
        organization: {
          name: "Acme Software",
          email: "help@acme.example",
          tax_id: "FR40303265045",
          tax_id_type: "eu_vat",
        },
      } as Partial<ReceiptOrder>),
    );
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(german.locale).toBe("de");
    expect(german.issuedOn).toBe("27. November 2026");
    expect(german.paymentStatus).toBe("Teilweise erstattet");
    expect(german.buyer.addressLines).toContain("Deutschland");
    expect(german.lines[0]!.detail).toBe("Abonnement, erster Zeitraum, monatlich abgerechnet");
    expect(german.totals.map((row) => [row.label, plain(row.value)])).toEqual([
      ["Zwischensumme", "20,00 €"],
      ["Rabatt (Launch week)", "-2,00 €"],
      ["Steuer (Steuerschuldnerschaft des Leistungsempfängers)", "0,00 €"],
      ["Gesamt", "18,00 €"],
      ["Erstattet", "-5,00 €"],
      ["Netto bezahlt", "13,00 €"],
    ]);
    expect(receiptReverseChargeLines(german)).toEqual([
      "Steuerschuldnerschaft des Leistungsempfängers: Die Mehrwertsteuer schuldet der Leistungsempfänger (Artikel 196 der Richtlinie 2006/112/EG des Rates).",
      "USt-IdNr. des Verkäufers: FR40303265045",
      "USt-IdNr. des Käufers: DE123456789",
    ]);
    // The customer's language when the checkout had none; French money's narrow spaces print in the PDF.
    const french = buildReceipt(
      order({
        amount: 123456,
        checkout: { discount_amount: 0, customer_tax_id: null, locale: null },
        customer: { email: "jane@example.com", name: "Jane Doe", tax_id: null, locale: "fr" },
      }),
    );
    expect(french.locale).toBe("fr");
    expect(plain(french.totals.find((row) => row.strong)!.value)).toBe("1 237,98 €");
    const pdf = await renderReceiptPdf(french);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("renders a PDF titled with the number, named after it", async () => {
    const receipt = buildReceipt(order());
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("(Receipt ACME-0042)");
    expect(receiptPdfFilename(receipt)).toBe("receipt-ACME-0042.pdf");
  });
});
