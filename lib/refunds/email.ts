// The "refund issued" email, queued in the transaction where the refund succeeded (./settle.ts):
// one per refund (reference `refund_issued:<refund id>`), sent after commit by the email job.
import type { Tx } from "../db/client";
import { queueEmail } from "../email/queue";
import { refundIssued } from "../email/templates/refund-issued";
import { resolveLocale } from "../i18n/locales";

export async function queueRefundIssued(tx: Tx, refundId: string, now: Date): Promise<string | null> {
  const refund = await tx.refund.findUniqueOrThrow({
    where: { id: refundId },
    include: {
      organization: { select: { id: true, name: true, email: true } },
      order: {
        include: {
          customer: { select: { email: true, name: true, locale: true } },
          checkout: { select: { locale: true } },
          product: { select: { name: true } },
        },
      },
    },
  });
  const { order } = refund;
  return queueEmail(tx, {
    template: refundIssued,
    data: {
      // The order's language: its checkout's, else the customer's (docs/i18n.md).
      locale: resolveLocale([order.checkout?.locale, order.customer.locale]),
      customerName: order.customer.name,
      orderId: order.id,
      invoiceNumber: order.invoice_number,
      orderedAt: order.created_at,
      productName: order.product.name,
      currency: refund.currency,
      amount: refund.amount,
      taxAmount: refund.tax_amount,
      orderTotal: order.amount + order.tax_amount,
      refundedTotal: order.refunded_amount + order.refunded_tax_amount,
      refundedAt: now,
      accessRevoked: refund.revoke_benefits,
    },
    organization: refund.organization,
    to: order.customer.email,
    reference: `${refundIssued.kind}:${refund.id}`,
    related: { customerId: order.customer_id, orderId: order.id, subscriptionId: order.subscription_id },
    now,
  });
}
