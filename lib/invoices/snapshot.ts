// What an invoice or a credit note says, frozen when it is issued (docs/invoices.md): the seller's
// and the buyer's details, the lines, the amounts, the dates and the language, as data. The PDF and
// the HTML are rendered from this once; later changes to the organization, the customer or the
// order never reach an issued document. Pure: the rows in, the snapshot out (unit tested).
import { toAddress, type Address } from "../core/schemas";
import { isEuMemberState } from "../tax/reverse-charge";
import type { Locale } from "../i18n/locales";

export type InvoiceKind = "invoice" | "credit_note";

export type InvoiceParty = {
  name: string;
  email: string | null;
  address: Address | null;
  tax_id: string | null;
  tax_id_type: string | null;
};

export type InvoiceSnapshot = {
  version: 1;
  kind: InvoiceKind;
  number: string;
  locale: Locale;
  /** ISO instants: when the document was issued, and the supply (the order's payment). */
  issued_at: string;
  supplied_at: string;
  currency: string;
  order_id: string;
  order_number: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** One line: the product as written, quantity 1, its net unit price before the discount. */
  lines: { description: string; quantity: number; unit_amount: number; amount: number }[];
  /** What the discount took off (positive), or null. */
  discount: { name: string | null; amount: number } | null;
  /** After the discount, before tax; negative on a credit note. */
  net_amount: number;
  tax_amount: number;
  total_amount: number;
  /** The rate applied, in basis points (1900 = 19 %), and whether the tax is called VAT. */
  tax_basis_points: number;
  tax_label: "vat" | "tax";
  /** The order's prices included the tax (docs/tax.md "Tax-inclusive prices"). */
  tax_inclusive: boolean;
  /** The EU reverse charge applied: the note with both VAT IDs replaces the tax. */
  reverse_charge: { seller_vat_id: string | null; buyer_vat_id: string | null } | null;
  /** A credit note: the invoice it corrects, and the refund it is for. */
  corrects: { invoice_number: string; invoice_issued_at: string; refund_id: string } | null;
};

/** What the snapshot of an invoice is built from (read by ./issue.ts under the order's lock). */
export type InvoiceSource = {
  order: {
    id: string;
    created_at: Date;
    invoice_number: string;
    amount: number;
    discount_amount: number;
    tax_amount: number;
    reverse_charge: boolean;
    tax_behavior: string;
    tax_basis_points: number;
    currency: string;
    billing_name: string | null;
    billing_address: unknown;
  };
  organization: {
    name: string;
    email: string | null;
    legal_name: string | null;
    address: unknown;
    tax_id: string | null;
    tax_id_type: string | null;
  };
  customer: { name: string | null; email: string; tax_id: string | null; tax_id_type: string | null };
  /** The checkout's tax ID, when the sale was taxed with one (it takes precedence). */
  checkoutTaxId: string | null;
  productName: string;
  discountName: string | null;
  locale: Locale;
};

const VAT_ID_TYPES: ReadonlySet<string> = new Set(["eu_vat", "gb_vat", "ch_vat", "no_vat"]);

/** The buyer's name on the invoice: the corrected billing name, else the customer's. */
export function billingNameOf(order: { billing_name: string | null }, customer: { name: string | null }) {
  const name = (order.billing_name ?? customer.name ?? "").trim();
  return name || null;
}

/** Why an invoice cannot be issued yet for lack of the buyer's details, or null when it can. */
export function missingBillingDetails(source: Pick<InvoiceSource, "order" | "customer">): string | null {
  const name = billingNameOf(source.order, source.customer);
  const address = toAddress(source.order.billing_address);
  if (!name && !address?.country) return "The order has no billing name and no billing address.";
  if (!name) return "The order has no billing name: set billing_name first.";
  if (!address?.country) return "The order has no billing address: set billing_address first.";
  return null;
}

function taxLabel(organization: InvoiceSource["organization"]): "vat" | "tax" {
  if (organization.tax_id_type && VAT_ID_TYPES.has(organization.tax_id_type)) return "vat";
  return isEuMemberState(toAddress(organization.address)?.country) ? "vat" : "tax";
}

/**
 * The rate the order recorded; an order that recorded none though it was taxed (made before the
 * rate was kept) states the one its amounts imply, as the migration that added the column did.
 */
function rateOf(order: InvoiceSource["order"]): number {
  if (order.tax_basis_points > 0 || order.tax_amount <= 0 || order.amount <= 0) return order.tax_basis_points;
  return Math.round((order.tax_amount * 10_000) / order.amount);
}

/** The invoice's snapshot (call only when `missingBillingDetails` is null). */
export function invoiceSnapshot(source: InvoiceSource, issuedAt: Date): InvoiceSnapshot {
  const { order, organization, customer } = source;
  const buyerTaxId = source.checkoutTaxId ?? customer.tax_id;
  const unit = order.amount + order.discount_amount;
  return {
    version: 1,
    kind: "invoice",
    number: order.invoice_number,
    locale: source.locale,
    issued_at: issuedAt.toISOString(),
    supplied_at: order.created_at.toISOString(),
    currency: order.currency,
    order_id: order.id,
    order_number: order.invoice_number,
    seller: {
      name: organization.legal_name?.trim() || organization.name,
      email: organization.email,
      address: toAddress(organization.address),
      tax_id: organization.tax_id,
      tax_id_type: organization.tax_id_type,
    },
    buyer: {
      name: billingNameOf(order, customer) ?? customer.email,
      email: customer.email,
      address: toAddress(order.billing_address),
      tax_id: buyerTaxId,
      tax_id_type: source.checkoutTaxId ? null : customer.tax_id_type,
    },
    lines: [{ description: source.productName, quantity: 1, unit_amount: unit, amount: unit }],
    discount: order.discount_amount > 0 ? { name: source.discountName, amount: order.discount_amount } : null,
    net_amount: order.amount,
    tax_amount: order.tax_amount,
    total_amount: order.amount + order.tax_amount,
    tax_basis_points: rateOf(order),
    tax_label: taxLabel(organization),
    tax_inclusive: order.tax_behavior === "inclusive",
    reverse_charge: order.reverse_charge
      ? {
          seller_vat_id: organization.tax_id_type === "eu_vat" ? organization.tax_id : null,
          buyer_vat_id: buyerTaxId,
        }
      : null,
    corrects: null,
  };
}

/**
 * A credit note for a refund of an invoiced order: the invoice's parties, currency, rate and
 * reverse charge as the invoice stated them, the refund's net and tax as negative amounts, and a
 * reference to the invoice. A refund's `amount` is what the buyer got back, tax included.
 */
export function creditNoteSnapshot(
  invoice: InvoiceSnapshot,
  refund: { id: string; amount: number; tax_amount: number },
  credit: { number: string; issuedAt: Date },
  productName: string,
  t: { t(key: "invoice.refundLine", vars: { product: string }): string },
): InvoiceSnapshot {
  const net = refund.amount - refund.tax_amount;
  return {
    ...invoice,
    kind: "credit_note",
    number: credit.number,
    issued_at: credit.issuedAt.toISOString(),
    lines: [
      {
        description: t.t("invoice.refundLine", { product: productName }),
        quantity: 1,
        unit_amount: -net,
        amount: -net,
      },
    ],
    discount: null,
    net_amount: -net,
    tax_amount: -refund.tax_amount,
    total_amount: -refund.amount,
    corrects: {
      invoice_number: invoice.number,
      invoice_issued_at: invoice.issued_at,
      refund_id: refund.id,
    },
  };
}
