"use client";
// /dashboard/<org>/orders/<id>: one order with its amounts, payment, license keys, customer, product
// and price, discount, subscription, refunds (with the Refund action), timeline (with "Resend
// receipt"), custom field answers and metadata. An unknown id is a clear "not found".
import Link from "next/link";
import { ApiRequestError } from "@/components/api-client";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import { useOrder, type Order } from "../hooks/orders";
import { useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { Badge, Card, CopyButton, DetailList, PageHeader, type BadgeTone } from "../ui/misc";
import { ErrorState, Skeleton } from "../ui/states";
import {
  CustomerSection,
  DiscountSection,
  KeyValues,
  ProductSection,
  SubscriptionSection,
} from "./order-sections";
import { OrderRefunds } from "./order-refunds";
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
  const timeline = useOrderTimeline(id);
  const back = (
    <Link href={orgPath("/orders")} className={buttonClasses("secondary")}>
      ← All orders
    </Link>
  );

  if (order.isPending) {
    return (
      <div role="status" aria-label="Loading order" className="space-y-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (order.isError) {
    const notFound = order.error instanceof ApiRequestError && [404, 422].includes(order.error.status);
    return notFound ? (
      <div className="mx-auto max-w-xl rounded-lg border border-zinc-200 px-6 py-12 text-center dark:border-zinc-800">
        <h1 className="text-xl font-semibold">Order not found</h1>
        <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">
          There is no order <code className="break-all">{id}</code> in this organization.
        </p>
        <div className="mt-6">{back}</div>
      </div>
    ) : (
      <ErrorState error={order.error} onRetry={() => void order.refetch()} />
    );
  }

  const o = order.data;
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
            {back}
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
        <OrderPaymentSection query={timeline} />
        <OrderKeysSection query={timeline} />
        <CustomerSection order={o} />
        <ProductSection order={o} />
        <DiscountSection order={o} />
        <SubscriptionSection order={o} />
        {/* Full width: the refunds table needs the room. */}
        <div className="xl:col-span-2">
          <OrderRefunds order={o} />
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
