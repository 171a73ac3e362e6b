// An order's receipt (issue 13) as one view model: what the printable page (app/receipts/[token])
// and the PDF (./pdf.ts) both show, so they never disagree. `loadReceipt` reads the order with
// everything the receipt shows in one statement; `buildReceipt` is pure (unit tested).
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { toAddress, type Address } from "../core/schemas";
import { formatMoney } from "../money";
import { REVERSE_CHARGE_NOTE, reverseChargeLines } from "../tax/reverse-charge";

export const receiptInclude = {
  organization: { select: { name: true, email: true, tax_id: true, tax_id_type: true } },
  customer: { select: { email: true, name: true, tax_id: true } },
  product: { select: { name: true } },
  product_price: { select: { type: true, recurring_interval: true } },
  discount: { select: { name: true } },
  subscription: { select: { amount: true } },
  checkout: { select: { discount_amount: true, customer_tax_id: true } },
} as const satisfies Prisma.OrderInclude;

export type ReceiptOrder = Prisma.OrderGetPayload<{ include: typeof receiptInclude }>;

export type ReceiptRow = { label: string; value: string; strong?: boolean };

export type ReceiptView = {
  orderId: string;
  invoiceNumber: string;
  /** e.g. "November 27, 2026" (UTC: the same for every reader). */
  issuedOn: string;
  issuedAt: string;
  status: ReceiptOrder["status"];
  /** e.g. "Paid", "Partially refunded". */
  paymentStatus: string;
  seller: { name: string; email: string | null };
  buyer: { name: string | null; email: string; addressLines: string[]; taxId: string | null };
  currency: string;
  lines: { description: string; detail: string | null; amount: string }[];
  /** Subtotal, discount, tax, total, then refunds and what remains paid when there are any. */
  totals: ReceiptRow[];
  /** The EU reverse charge's line and both VAT IDs (docs/tax.md), or null when it did not apply. */
  reverseCharge: { note: string; sellerVatId: string | null; buyerVatId: string | null } | null;
};

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const PAYMENT_STATUS: Record<ReceiptOrder["status"], string> = {
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
};
const BILLING_REASON_DETAIL: Record<ReceiptOrder["billing_reason"], string | null> = {
  purchase: null,
  subscription_create: "Subscription, first period",
  subscription_cycle: "Subscription renewal",
  subscription_update: "Subscription change",
};

export async function loadReceipt(db: DbOrTx, orderId: string): Promise<ReceiptView | null> {
  const order = await db.order.findUnique({ where: { id: orderId }, include: receiptInclude });
  return order ? buildReceipt(order) : null;
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function addressLines(address: Address | null): string[] {
  if (!address) return [];
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(" ");
  const region = address.state?.replace(/^[A-Z]{2}-/, "") ?? null;
  return [
    address.line1,
    address.line2,
    [cityLine, region].filter(Boolean).join(", "),
    countryName(address.country),
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/**
 * The discount, in minor units: the order's own, tax-exclusive like its amount (docs/tax.md).
 * Orders from before it was kept have 0 there: their checkout recorded the same number, and a
 * renewal's order of then knows only what was charged (the subscription's price less that).
 */
function discountOf(order: ReceiptOrder): number {
  if (order.discount_amount > 0) return order.discount_amount;
  if (order.checkout) return order.checkout.discount_amount ?? 0;
  if (order.discount_id && order.subscription) return Math.max(0, order.subscription.amount - order.amount);
  return 0;
}

export function buildReceipt(order: ReceiptOrder): ReceiptView {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const discount = discountOf(order);
  const total = order.amount + order.tax_amount;
  const interval = order.product_price.type === "recurring" ? order.product_price.recurring_interval : null;
  const detail = [BILLING_REASON_DETAIL[order.billing_reason], interval ? `billed per ${interval}` : null]
    .filter(Boolean)
    .join(", ");

  const totals: ReceiptRow[] = [{ label: "Subtotal", value: money(order.amount + discount) }];
  if (discount > 0) {
    const label = order.discount?.name ? `Discount (${order.discount.name})` : "Discount";
    totals.push({ label, value: `-${money(discount)}` });
  }
  totals.push({
    label: order.reverse_charge ? "Tax (reverse charge)" : "Tax",
    value: money(order.tax_amount),
  });
  totals.push({ label: "Total", value: money(total), strong: true });
  const refunded = order.refunded_amount + order.refunded_tax_amount;
  if (refunded > 0) {
    const taxNote = order.refunded_tax_amount > 0 ? ` (incl. ${money(order.refunded_tax_amount)} tax)` : "";
    totals.push({ label: `Refunded${taxNote}`, value: `-${money(refunded)}` });
    totals.push({ label: "Net paid", value: money(total - refunded), strong: true });
  }

  const buyerTaxId = order.checkout?.customer_tax_id ?? order.customer.tax_id;
  return {
    orderId: order.id,
    invoiceNumber: order.invoice_number,
    issuedOn: DATE.format(order.created_at),
    issuedAt: order.created_at.toISOString(),
    status: order.status,
    paymentStatus: PAYMENT_STATUS[order.status],
    seller: { name: order.organization.name, email: order.organization.email },
    buyer: {
      name: order.billing_name ?? order.customer.name,
      email: order.customer.email,
      addressLines: addressLines(toAddress(order.billing_address)),
      taxId: buyerTaxId,
    },
    currency: order.currency.toUpperCase(),
    lines: [
      { description: order.product.name, detail: detail || null, amount: money(order.amount + discount) },
    ],
    totals,
    reverseCharge: order.reverse_charge
      ? {
          note: REVERSE_CHARGE_NOTE,
          sellerVatId: order.organization.tax_id_type === "eu_vat" ? order.organization.tax_id : null,
          buyerVatId: buyerTaxId,
        }
      : null,
  };
}

/** The reverse charge's lines as printed: the note, then the seller's and the buyer's VAT IDs. */
export function receiptReverseChargeLines(receipt: Pick<ReceiptView, "reverseCharge">): string[] {
  return receipt.reverseCharge ? reverseChargeLines(receipt.reverseCharge) : [];
}
