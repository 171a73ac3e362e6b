"use client";
// /dashboard/<org>/orders/<id>: one order with its amounts, payment, license keys, customer, product
// and price, discount, subscription, invoice and credit notes (with "Generate invoice"), refunds
// (with the Refund action), disputes (when any),
// timeline (with "Resend receipt"), custom field answers and metadata, in the kit's detail frame
// (an unknown id is a clear "not found").
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import { useOrder, type Order } from "../hooks/orders";
import { DetailFrame } from "../kit/detail-frame";
import { useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { Badge, Card, CopyButton, DetailList, PageHeader, type BadgeTone } from "../ui/misc";
import {
  CustomerSection,
  DiscountSection,
  KeyValues,
  ProductSection,
  SubscriptionSection,
} from "./order-sections";
import { OrderRefunds } from "./order-refunds";
import { OrderDisputes } from "./order-disputes";
import { OrderInvoice } from "./order-invoice";
import { useOrderTimeline } from "../hooks/order-timeline";
import { OrderKeysSection, OrderPaymentSection } from "./order-activity";
import { OrderTimelineSection, ResendReceiptButton } from "./order-timeline";

const STATUS: Record<Order["status"], [label: string, tone: BadgeTone]> = {
  paid: ["Paid", "green"],
  refunded: ["Refunded", "red"],
  partially_refunded: ["Partially refunded", "amber"],
};

const BILLING_REASONS: Record<Order["billing_reason"], string> = {
  purchase: "Purchase",
  subscription_create: "Subscription created",
  subscription_cycle: "Subscription renewal",
  subscription_update: "Subscription change",
};

export function OrderDetail({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const order = useOrder(id);
  return (
    <DetailFrame back={{ href: orgPath("/orders"), label: "All orders" }} query={order} what="Order">
      {(data) => <OrderView o={data} />}
    </DetailFrame>
  );
}

function OrderView({ o }: { o: Order }) {
  const timeline = useOrderTimeline(o.id);
  const [statusLabel, statusTone] = STATUS[o.status];
  const money = (amount: number) => formatMoney(amount, o.currency);
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Order {o.invoice_number} <Badge tone={statusTone}>{statusLabel}</Badge>
          </span>
        }
        actions={
          <span className="flex flex-wrap gap-2">
            {/* The buyer's receipt as a PDF (GET /v1/orders/{id}/receipt, with the session cookie). */}
            <a href={`/v1/orders/${o.id}/receipt`} className={buttonClasses("secondary")}>
              Receipt (PDF)
            </a>
            <ResendReceiptButton orderId={o.id} email={o.customer.email} />
          </span>
        }
      >
        {money(o.amount + o.tax_amount)} · {o.customer.email} · {formatDateTime(o.created_at)}
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="Amounts">
          <DetailList
            items={[
              ["Subtotal", money(o.amount)],
              ["Tax", money(o.tax_amount)],
              ["Total", <strong key="total">{money(o.amount + o.tax_amount)}</strong>],
              ["Refunded", money(o.refunded_amount)],
              ...(o.refunded_tax_amount
                ? [["Refunded tax", money(o.refunded_tax_amount)] as [string, string]]
                : []),
              ["Status", statusLabel],
              ["Billing reason", BILLING_REASONS[o.billing_reason]],
              ["Created", formatDateTime(o.created_at)],
              ["Modified", o.modified_at ? formatDateTime(o.modified_at) : null],
            ]}
          />
        </Card>
        <OrderInvoice order={o} />
        <OrderPaymentSection query={timeline} />
        <OrderKeysSection query={timeline} />
        <CustomerSection order={o} />
        <ProductSection order={o} />
        <DiscountSection order={o} />
        <SubscriptionSection order={o} />
        {/* Full width: the refunds table needs the room; min-w-0 lets a narrow screen scroll the
            table inside its card instead of widening the whole grid to the table's width. */}
        <div className="min-w-0 xl:col-span-2">
          <OrderRefunds order={o} />
        </div>
        {/* Only when the order's payment was disputed. */}
        <div className="min-w-0 empty:hidden xl:col-span-2">
          <OrderDisputes orderId={o.id} />
        </div>
        <div className="xl:col-span-2">
          <OrderTimelineSection query={timeline} currency={o.currency} />
        </div>
        <Card title="References">
          <DetailList
            items={[
              ["Order number", o.invoice_number],
              [
                "Order ID",
                <span key="id" className="flex flex-wrap items-center gap-2">
                  <code className="text-xs break-all">{o.id}</code>
                  <CopyButton value={o.id} label="Copy ID" />
                </span>,
              ],
              [
                "Checkout ID",
                o.checkout_id ? <code className="text-xs break-all">{o.checkout_id}</code> : null,
              ],
            ]}
          />
        </Card>
        <Card title="Custom fields">
          <KeyValues values={o.custom_field_data} empty="No custom field answers." />
        </Card>
        <Card title="Metadata">
          <KeyValues values={o.metadata} empty="No metadata." />
        </Card>
      </div>
    </>
  );
}
