// An invoice's or credit note's text, in its language (docs/invoices.md): one view of the snapshot
// that both renderers print (./pdf.ts, ./html.ts), so the PDF and the page never disagree. Pure:
// texts, money and dates come from lib/i18n's translator for the snapshot's locale.
import type { Address } from "../core/schemas";
import { translator, type Translator } from "../i18n/translate";
import type { InvoiceSnapshot } from "./snapshot";

export type InvoiceRow = { label: string; value: string; strong?: boolean };

export type InvoiceDocument = {
  lang: string;
  /** "Invoice", "Credit note" in the document's language. */
  title: string;
  number: string;
  /** Number, dates and order, as label and value. */
  facts: InvoiceRow[];
  seller: { heading: string; lines: string[] };
  buyer: { heading: string; lines: string[] };
  columns: { description: string; quantity: string; unitPrice: string; amount: string };
  lines: { description: string; quantity: string; unitPrice: string; amount: string }[];
  /** Discount, net, tax per rate (or the reverse charge), total. */
  totals: InvoiceRow[];
  /** The legal lines under the totals: reverse charge with both VAT IDs, VAT included, the correction. */
  notes: string[];
  footer: string | null;
};

function countryName(code: string, intl: string): string {
  try {
    return new Intl.DisplayNames([intl], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An address as printed: street lines, postal code and city, region, country in the document's language. */
export function addressLines(address: Address | null, intl: string): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(" ");
  const region = address.state?.replace(/^[A-Z]{2}-/, "") ?? null;
  return [
    address.line1,
    address.line2,
    [cityLine, region].filter(Boolean).join(", "),
    address.country ? countryName(address.country, intl) : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/** A rate in basis points as a percentage in the language: 1900 → "19%", "19 %". */
export function formatRate(basisPoints: number, intl: string): string {
  return new Intl.NumberFormat(intl, { style: "percent", maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}

function taxIdLine(t: Translator, party: InvoiceSnapshot["seller"]): string | null {
  if (!party.tax_id) return null;
  const vat = party.tax_id_type?.endsWith("_vat") ?? false;
  return t.t(vat ? "invoice.vatId" : "invoice.taxId", { id: party.tax_id });
}

function taxRow(snapshot: InvoiceSnapshot, t: Translator, money: (minor: number) => string): InvoiceRow {
  if (snapshot.reverse_charge) return { label: t.t("invoice.vatReverseCharge"), value: money(0) };
  const rate = formatRate(snapshot.tax_basis_points, t.intl);
  const key = snapshot.tax_label === "vat" ? "invoice.vatAtRate" : "invoice.taxAtRate";
  return { label: t.t(key, { rate }), value: money(snapshot.tax_amount) };
}

export function invoiceDocument(snapshot: InvoiceSnapshot): InvoiceDocument {
  const t = translator(snapshot.locale);
  const money = (minor: number) => t.money(minor, snapshot.currency);
  const credit = snapshot.kind === "credit_note";
  const facts: InvoiceRow[] = [
    {
      label: t.t(credit ? "invoice.creditNoteNumber" : "invoice.invoiceNumber"),
      value: snapshot.number,
    },
    { label: t.t("invoice.issueDate"), value: t.date(snapshot.issued_at) },
    { label: t.t("invoice.supplyDate"), value: t.date(snapshot.supplied_at) },
    { label: t.t("invoice.order"), value: snapshot.order_number },
  ];
  const totals: InvoiceRow[] = [];
  if (snapshot.discount) {
    totals.push({
      label: snapshot.discount.name
        ? t.t("invoice.discountNamed", { name: snapshot.discount.name })
        : t.t("invoice.discount"),
      value: money(-snapshot.discount.amount),
    });
  }
  totals.push({ label: t.t("invoice.net"), value: money(snapshot.net_amount) });
  totals.push(taxRow(snapshot, t, money));
  totals.push({ label: t.t("invoice.total"), value: money(snapshot.total_amount), strong: true });

  const notes: string[] = [];
  if (snapshot.corrects) {
    notes.push(
      t.t("invoice.creditNoteFor", {
        number: snapshot.corrects.invoice_number,
        date: t.date(snapshot.corrects.invoice_issued_at),
      }),
    );
  }
  if (snapshot.reverse_charge) {
    notes.push(t.t("invoice.reverseCharge"));
    if (snapshot.reverse_charge.seller_vat_id)
      notes.push(t.t("invoice.sellerVatId", { id: snapshot.reverse_charge.seller_vat_id }));
    if (snapshot.reverse_charge.buyer_vat_id)
      notes.push(t.t("invoice.buyerVatId", { id: snapshot.reverse_charge.buyer_vat_id }));
  } else if (snapshot.tax_inclusive && snapshot.tax_amount !== 0) {
    notes.push(t.t("invoice.pricesIncludeVat"));
  }
  notes.push(t.t("invoice.amountsIn", { currency: snapshot.currency.toUpperCase() }));

  const party = (p: InvoiceSnapshot["seller"], withEmail: boolean) =>
    [p.name, ...addressLines(p.address, t.intl), taxIdLine(t, p), withEmail ? p.email : null].filter(
      (line): line is string => Boolean(line),
    );
  return {
    lang: snapshot.locale,
    title: t.t(credit ? "invoice.creditNote" : "invoice.invoice"),
    number: snapshot.number,
    facts,
    seller: { heading: t.t("invoice.seller"), lines: party(snapshot.seller, false) },
    buyer: { heading: t.t("invoice.buyer"), lines: party(snapshot.buyer, true) },
    columns: {
      description: t.t("invoice.description"),
      quantity: t.t("invoice.quantity"),
      unitPrice: t.t("invoice.unitPrice"),
      amount: t.t("invoice.amount"),
    },
    lines: snapshot.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: money(line.unit_amount),
      amount: money(line.amount),
    })),
    totals,
    notes,
    footer: snapshot.seller.email ? t.t("invoice.questions", { email: snapshot.seller.email }) : null,
  };
}
