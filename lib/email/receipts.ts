// Receipts for orders, queued in the transaction that creates the order (lib/orders/processing.ts):
// the order with everything the receipt shows is read in one statement, then queued (./queue.ts).
import type { Tx } from "../db/client";
import { clientSecretOf } from "../checkout/client-secret";
import { publicBaseUrl } from "../public-url";
import { DecryptionError } from "../secrets";
import { queueEmail } from "./queue";
import { discountDisclosure } from "../checkout/discount-disclosure";
import { receiptPdfUrl, receiptUrl } from "../receipts/links";
import { orderReceipt, type OrderReceiptData } from "./templates/order-receipt";

const receiptInclude = {
  organization: { select: { id: true, name: true, email: true } },
  customer: { select: { id: true, email: true, name: true } },
  product: { select: { name: true } },
  product_price: { select: { type: true, recurring_interval: true } },
  discount: { select: { name: true, duration: true, duration_in_months: true } },
  checkout: {
    select: {
      id: true,
      amount: true,
      discount_amount: true,
      total_amount: true,
      total_amount_after_discount_ends: true,
      client_secret_ciphertext: true,
      legacy_client_secret: true,
    },
  },
  benefit_grants: {
    select: {
      benefit: { select: { description: true } },
      license_key: { select: { key: true, expires_at: true } },
    },
    orderBy: { created_at: "asc" },
  },
} as const;

/**
 * The checkout's confirmation page, or null when its secret does not open (sealed under a server
 * secret this server no longer has): a receipt without the link beats a purchase failed over it.
 */
function confirmationUrl(checkout: Parameters<typeof clientSecretOf>[0]): string | null {
  try {
    return `${publicBaseUrl()}/checkout/${encodeURIComponent(clientSecretOf(checkout))}/confirmation`;
  } catch (error) {
    if (error instanceof DecryptionError) return null;
    throw error;
  }
}

/**
 * Queues the receipt of a purchase's order (one-time, or a subscription's first payment). Returns
 * the email's id (null: already queued). `portalUrl`: where the buyer manages their purchases.
 */
export async function queueOrderReceipt(
  tx: Tx,
  orderId: string,
  now: Date,
  options: { portalUrl?: string | null } = {},
): Promise<string | null> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: receiptInclude });
  // The checkout knows the price before the discount; an order alone knows only what was paid.
  const discount = order.checkout?.discount_amount ?? 0;
  const data: OrderReceiptData = {
    customerName: order.customer.name,
    orderId: order.id,
    invoiceNumber: order.invoice_number,
    orderedAt: order.created_at,
    productName: order.product.name,
    recurringInterval:
      order.product_price.type === "recurring" ? order.product_price.recurring_interval : null,
    currency: order.currency,
    amounts: {
      subtotal: order.amount + discount,
      discount,
      tax: order.tax_amount,
      total: order.amount + order.tax_amount,
    },
    discountName: discount > 0 ? (order.discount?.name ?? null) : null,
    discountDisclosure: discountDisclosure({
      currency: order.currency,
      interval: order.product_price.recurring_interval,
      totalToday: order.amount + order.tax_amount,
      totalAfterDiscount:
        order.product_price.type === "recurring"
          ? (order.checkout?.total_amount_after_discount_ends ?? null)
          : null,
      discount: order.discount,
    }),
    licenseKeys: order.benefit_grants.flatMap((grant) =>
      grant.license_key
        ? [
            {
              key: grant.license_key.key,
              benefit: grant.benefit.description,
              expiresAt: grant.license_key.expires_at,
            },
          ]
        : [],
    ),
    purchaseUrl: order.checkout ? confirmationUrl(order.checkout) : null,
    receiptUrl: receiptUrl(order.id),
    receiptPdfUrl: receiptPdfUrl(order.id),
    portalUrl: options.portalUrl ?? null,
  };
  return queueEmail(tx, {
    template: orderReceipt,
    data,
    organization: order.organization,
    to: order.customer.email,
    reference: `${orderReceipt.kind}:${order.id}`,
    related: { customerId: order.customer_id, orderId: order.id, subscriptionId: order.subscription_id },
    now,
  });
}
