// Receipts for orders, queued in the transaction that creates the order (lib/orders/processing.ts):
// the order with everything the receipt shows is read in one statement sent straight, then queued
// (lib/email/queue.ts).
import type { DbOrTx, Tx } from "../db/client";
import { directSql, rowFromJson, utc } from "../db/direct";
import {
  Prisma,
  type DiscountDuration,
  type Order,
  type PriceType,
  type RecurringInterval,
} from "../generated/prisma/client";
import { clientSecretOf } from "../checkout/client-secret";
import { publicBaseUrl } from "../public-url";
import { DecryptionError } from "../secrets";
import { queueEmail } from "../email/queue";
import { discountDisclosure } from "../checkout/discount-disclosure";
import { resolveLocale, type Locale } from "../i18n/locales";
import { translator, type Translator } from "../i18n/translate";
import { localizedUrl } from "../i18n/links";
import { reverseChargeLines } from "../tax/reverse-charge";
import { receiptPdfUrl, receiptUrl } from "../receipts/links";
import { orderReceipt, type OrderReceiptData } from "../email/templates/order-receipt";

/** What a receipt shows of its order, as Prisma's include of these relations would return it. */
export type ReceiptOrder = Order & {
  organization: {
    id: string;
    name: string;
    email: string | null;
    tax_id?: string | null;
    tax_id_type?: string | null;
  };
  customer: {
    id: string;
    email: string;
    name: string | null;
    tax_id?: string | null;
    locale?: string | null;
  };
  product: { name: string };
  product_price: { type: PriceType; recurring_interval: RecurringInterval | null };
  discount: { name: string; duration: DiscountDuration; duration_in_months: number | null } | null;
  checkout: {
    id: string;
    amount: number | null;
    discount_amount: number | null;
    total_amount: number | null;
    total_amount_after_discount_ends: number | null;
    trial_end: Date | null;
    client_secret_ciphertext: string | null;
    legacy_client_secret: string | null;
    customer_tax_id?: string | null;
    locale?: string | null;
  } | null;
  benefit_grants: {
    benefit: { description: string };
    license_key: { key: string; expires_at: Date | null } | null;
  }[];
};

/**
 * The order with everything its receipt shows, in one statement sent straight (every purchase reads
 * it: through Prisma's include it cost 0.87 ms of CPU in-process). Grants in the order they were
 * made: a purchase's at one instant, in its product's benefit order (Prisma's include left that tie
 * to the table's physical order). `receipt-read.test.ts` holds it to the include it replaced.
 */
/** "Free trial until December 13, 2026, then $10.71 / month" for a trial's free order; else null. */
function trialDisclosure(order: ReceiptOrder, tr: Translator): string | null {
  const trialEnd = order.checkout?.trial_end;
  if (!trialEnd || order.product_price.type !== "recurring" || order.amount !== 0) return null;
  const next = tr.money(order.checkout!.total_amount ?? 0, order.currency);
  const interval = tr.t(
    order.product_price.recurring_interval === "year" ? "checkout.interval_year" : "checkout.interval_month",
  );
  return tr.t("email.trialDisclosure", {
    date: tr.date(trialEnd),
    price: tr.t("checkout.perInterval", { amount: next, interval }),
  });
}

/** An order's language (docs/i18n.md): its checkout's at the sale, else the customer's, else English. */
export function orderLocale(order: Pick<ReceiptOrder, "checkout" | "customer">): Locale {
  return resolveLocale([order.checkout?.locale, order.customer.locale]);
}

export async function readReceiptOrder(tx: DbOrTx, orderId: string): Promise<ReceiptOrder | null> {
  const rows = await directSql<{ row: string }>(
    tx,
    Prisma.sql`
    SELECT json_build_object(
             'order', row_to_json(o),
             'organization', json_build_object('id', org.id, 'name', org.name, 'email', org.email,
                 'tax_id', org.tax_id, 'tax_id_type', org.tax_id_type),
             'customer', json_build_object('id', c.id, 'email', c.email, 'name', c.name, 'tax_id', c.tax_id,
                 'locale', c.locale),
             'product', json_build_object('name', p.name),
             'product_price', json_build_object('type', pp.type, 'recurring_interval', pp.recurring_interval),
             'discount', CASE WHEN d.id IS NOT NULL THEN json_build_object(
                 'name', d.name, 'duration', d.duration, 'duration_in_months', d.duration_in_months) END,
             'checkout', CASE WHEN s.id IS NOT NULL THEN json_build_object(
                 'id', s.id, 'amount', s.amount, 'discount_amount', s.discount_amount,
                 'total_amount', s.total_amount,
                 'total_amount_after_discount_ends', s.total_amount_after_discount_ends,
                 'trial_end', s.trial_end,
                 'client_secret_ciphertext', s.client_secret_ciphertext,
                 'legacy_client_secret', s.legacy_client_secret,
                 'customer_tax_id', s.customer_tax_id, 'locale', s.locale) END,
             'benefit_grants', (
               SELECT coalesce(json_agg(json_build_object(
                        'benefit', json_build_object('description', b.description),
                        'license_key', CASE WHEN k.id IS NOT NULL THEN json_build_object(
                            'key', k.key, 'expires_at', k.expires_at) END)
                      ORDER BY g.created_at, pb."order", g.id), '[]'::json)
                 FROM benefit_grants g
                 JOIN benefits b ON b.id = g.benefit_id
                 LEFT JOIN license_keys k ON k.benefit_grant_id = g.id
                 -- A purchase grants its product's benefits at one instant, in the product's order.
                 LEFT JOIN product_benefits pb ON pb.product_id = o.product_id AND pb.benefit_id = g.benefit_id
                WHERE g.order_id = o.id)
           )::text AS row
      FROM orders o
      JOIN organizations org ON org.id = o.organization_id
      JOIN customers c ON c.id = o.customer_id
      JOIN products p ON p.id = o.product_id
      JOIN product_prices pp ON pp.id = o.product_price_id
      LEFT JOIN discounts d ON d.id = o.discount_id
      LEFT JOIN checkout_sessions s ON s.id = o.checkout_id
     WHERE o.id = ${orderId}::uuid`,
  );
  if (!rows[0]) return null;
  // As JSON: the order's row and a key's expiry are timestamp text, made Dates here.
  type Read = Omit<ReceiptOrder, keyof Order | "benefit_grants"> & {
    order: Record<string, unknown>;
    benefit_grants: {
      benefit: { description: string };
      license_key: { key: string; expires_at: string | null } | null;
    }[];
  };
  const { order, benefit_grants: grants, checkout, ...relations } = JSON.parse(rows[0].row) as Read;
  const trialEnd = (checkout as { trial_end?: string | null } | null)?.trial_end ?? null;
  return {
    ...rowFromJson<Order>("orders", order),
    ...relations,
    checkout: checkout && { ...checkout, trial_end: trialEnd === null ? null : utc(trialEnd) },
    benefit_grants: grants.map(({ benefit, license_key: key }) => ({
      benefit,
      license_key: key && { key: key.key, expires_at: key.expires_at === null ? null : utc(key.expires_at) },
    })),
  };
}

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
 * Queues the receipt of a purchase's order (one-time, or a subscription's first payment), read by
 * `readReceiptOrder`: order processing reads it before the order is numbered and passes the number
 * in, so that the read is not among the statements the number's lock waits on. Returns the email's
 * id (null: already queued). `portalUrl`: where the buyer manages their purchases; `reference`: a
 * resend's own (./resend-receipt.ts), the purchase's receipt being `order_receipt:<order id>`.
 */
export async function queueOrderReceipt(
  tx: Tx,
  order: ReceiptOrder,
  now: Date,
  options: { portalUrl?: string | null; reference?: string } = {},
): Promise<string | null> {
  // The order's own discount, tax-exclusive like its amount (docs/tax.md); orders from before it
  // was kept have 0 there, and their checkout's is the same number.
  const discount = order.discount_amount || (order.checkout?.discount_amount ?? 0);
  const locale = orderLocale(order);
  const tr = translator(locale);
  const data: OrderReceiptData = {
    locale,
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
    // A trial's receipt says when the first charge comes and what it is (docs/subscriptions.md).
    discountDisclosure:
      trialDisclosure(order, tr) ??
      discountDisclosure(
        {
          currency: order.currency,
          interval: order.product_price.recurring_interval,
          totalToday: order.amount + order.tax_amount,
          totalAfterDiscount:
            order.product_price.type === "recurring"
              ? (order.checkout?.total_amount_after_discount_ends ?? null)
              : null,
          discount: order.discount,
        },
        tr,
      ),
    reverseCharge: order.reverse_charge
      ? reverseChargeLines(
          {
            sellerVatId:
              order.organization.tax_id_type === "eu_vat" ? (order.organization.tax_id ?? null) : null,
            buyerVatId: order.checkout?.customer_tax_id ?? order.customer.tax_id ?? null,
          },
          tr,
        )
      : null,
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
    portalUrl: options.portalUrl ? localizedUrl(options.portalUrl, locale) : null,
  };
  return queueEmail(tx, {
    template: orderReceipt,
    data,
    organization: order.organization,
    to: order.customer.email,
    reference: options.reference ?? `${orderReceipt.kind}:${order.id}`,
    related: { customerId: order.customer_id, orderId: order.id, subscriptionId: order.subscription_id },
    now,
  });
}
