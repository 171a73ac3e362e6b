"use client";
// The order page's cards: customer and billing address, product and price, discount,
// subscription, and key/value lists (custom field answers, metadata).
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { describePriceSchedule } from "@/lib/subscriptions/price-schedule";
import { formatDate, formatDateTime } from "../format";
import type { Order } from "../hooks/orders";
import { useOrgPath } from "../organization";
import { searchString } from "@/components/api-client";
import { Badge, Card, DetailList } from "../ui/misc";
import { PRICE_TYPE_LABELS, TypeBadge } from "./type-badge";

const linkClass =
  "rounded font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400";

function addressLines(address: NonNullable<Order["billing_address"]>): string[] {
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(" ");
  return [address.line1, address.line2, cityLine, address.state, address.country].filter(
    (line): line is string => !!line,
  );
}

export function CustomerSection({ order }: { order: Order }) {
  const orgPath = useOrgPath();
  const { customer } = order;
  const address = order.billing_address ?? customer.billing_address;
  return (
    <Card
      title="Customer"
      actions={
        <Link
          href={orgPath(`/orders${searchString({ customer_id: customer.id })}`)}
          className={`${linkClass} text-sm`}
        >
          Orders of this customer
        </Link>
      }
    >
      <DetailList
        items={[
          ["Email", customer.email],
          ["Name", customer.name],
          ["Tax ID", customer.tax_id ? `${customer.tax_id[0]} (${customer.tax_id[1]})` : null],
          [
            "Billing address",
            address ? (
              <address key="address" className="not-italic">
                {addressLines(address).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : null,
          ],
        ]}
      />
    </Card>
  );
}

function priceAmount(price: Order["product_price"]): string {
  const money = (amount: number | null) =>
    amount === null ? "—" : formatMoney(amount, price.price_currency);
  if (price.amount_type === "free") return "Free";
  if (price.amount_type === "custom") {
    return `Pay what you want (${money(price.minimum_amount)} to ${money(price.maximum_amount)})`;
  }
  return money(price.price_amount) + (price.recurring_interval ? ` / ${price.recurring_interval}` : "");
}

const AMOUNT_TYPES = { fixed: "Fixed", custom: "Pay what you want", free: "Free" } as const;

export function ProductSection({ order }: { order: Order }) {
  const orgPath = useOrgPath();
  const { product, product_price: price } = order;
  return (
    <Card
      title="Product"
      actions={
        <Link
          href={orgPath(`/orders${searchString({ product_id: product.id })}`)}
          className={`${linkClass} text-sm`}
        >
          Orders of this product
        </Link>
      }
    >
      <DetailList
        items={[
          ["Product", product.name],
          ["Type", <TypeBadge key="type" type={price.type} />],
          ["Recurring interval", price.recurring_interval ? `Every ${price.recurring_interval}` : null],
          ["Amount type", AMOUNT_TYPES[price.amount_type]],
          ["Price", priceAmount(price)],
          [
            "Price ID",
            <code key="price" className="text-xs break-all">
              {price.id}
            </code>,
          ],
        ]}
      />
    </Card>
  );
}

function discountValue(discount: NonNullable<Order["discount"]>): string {
  const value =
    discount.type === "percentage"
      ? `${(discount.basis_points ?? 0) / 100}% off`
      : `${formatMoney(discount.amount ?? 0, discount.currency ?? "usd")} off`;
  const duration =
    discount.duration === "repeating"
      ? `for ${discount.duration_in_months} months`
      : discount.duration === "forever"
        ? "forever"
        : "once";
  return `${value}, ${duration}`;
}

export function DiscountSection({ order }: { order: Order }) {
  const { discount } = order;
  return (
    <Card title="Discount">
      {discount ? (
        <DetailList
          items={[
            ["Name", discount.name],
            ["Code", discount.code ? <code key="code">{discount.code}</code> : null],
            ["Type", discount.type === "percentage" ? "Percentage" : "Fixed amount"],
            ["Discount", discountValue(discount)],
          ]}
        />
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No discount on this order.</p>
      )}
    </Card>
  );
}

export function SubscriptionSection({ order }: { order: Order }) {
  const orgPath = useOrgPath();
  const { subscription } = order;
  return (
    <Card
      title="Subscription"
      actions={
        subscription ? (
          <Link
            href={orgPath(
              `/orders${searchString({ customer_id: order.customer_id, product_id: order.product_id })}`,
            )}
            className={`${linkClass} text-sm`}
          >
            Payments of this subscription
          </Link>
        ) : null
      }
    >
      {subscription ? (
        <DetailList
          items={[
            [
              "Status",
              <Badge key="status" tone={subscription.status === "active" ? "green" : "zinc"}>
                {subscription.status.replace(/_/g, " ")}
              </Badge>,
            ],
            [
              "Current period",
              `${formatDate(subscription.current_period_start)} – ${formatDate(subscription.current_period_end)}`,
            ],
            [
              "Amount",
              // With its discount while it runs: "$25.00 / month for 3 months, then $50.00 / month".
              describePriceSchedule({
                ...subscription,
                current_period_start: String(subscription.current_period_start),
                started_at: subscription.started_at ? String(subscription.started_at) : null,
                discount: order.discount?.id === subscription.discount_id ? order.discount : null,
              }),
            ],
            ["Started", formatDateTime(subscription.started_at)],
            ["Cancels at period end", subscription.cancel_at_period_end ? "Yes" : "No"],
            [
              "Subscription ID",
              <code key="id" className="text-xs break-all">
                {subscription.id}
              </code>,
            ],
          ]}
        />
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          {PRICE_TYPE_LABELS[order.product_price.type]} purchase, no subscription.
        </p>
      )}
    </Card>
  );
}

function display(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

export function KeyValues({ values, empty }: { values: Record<string, unknown>; empty: string }) {
  const entries = Object.entries(values);
  if (!entries.length) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>;
  return <DetailList items={entries.map(([key, value]) => [key, <code key={key}>{display(value)}</code>])} />;
}
