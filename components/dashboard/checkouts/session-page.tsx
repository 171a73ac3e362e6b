"use client";
// /dashboard/<org>/checkouts/<id>: one checkout session — what its status means, its link (usable
// only while open), the product and price, the amounts, the buyer's details and the discount.
import type { ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import { useCheckout, type Checkout } from "../hooks/checkouts";
import { DetailFrame } from "../kit/detail-frame";
import { useOrgPath } from "../organization";
import { buttonClasses } from "../ui/button";
import { Card, codeItem, CopyableValue, DetailList, PageHeader } from "../ui/misc";
import { CHECKOUT_STATUS_INFO, discountText, isLinkUsable, moneyOrDash, priceText } from "./logic";
import { CheckoutStatusBadge } from "./status-badge";

export function CheckoutPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const checkout = useCheckout(id);
  return (
    <DetailFrame
      back={{ href: orgPath("/checkouts"), label: "Checkouts" }}
      query={checkout}
      what="Checkout session"
    >
      {(data) => <CheckoutView checkout={data} />}
    </DetailFrame>
  );
}

function addressText(address: Checkout["customer_billing_address"]): string | null {
  if (!address) return null;
  const parts = [
    address.line1,
    address.line2,
    address.postal_code,
    address.city,
    address.state,
    address.country,
  ];
  return parts.filter((part) => part).join(", ") || null;
}

function pairs(values: Record<string, unknown>): ReactNode {
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {entries.map(([name, value]) => (
        <li key={name}>
          <span className="text-zinc-500 dark:text-zinc-400">{name}:</span>{" "}
          <code className="font-mono text-xs">
            {typeof value === "string" ? value : JSON.stringify(value)}
          </code>
        </li>
      ))}
    </ul>
  );
}

function CheckoutView({ checkout }: { checkout: Checkout }) {
  const info = CHECKOUT_STATUS_INFO[checkout.status];
  const money = (amount: number | null) => moneyOrDash(amount, checkout.currency);
  const open = isLinkUsable(checkout.status);
  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Checkout session
            <CheckoutStatusBadge status={checkout.status} />
          </span>
        }
      >
        <span data-testid="checkout-status-meaning">{info.meaning}</span>
      </PageHeader>

      <Card title="Checkout link">
        <CopyableValue value={checkout.url} copyLabel="Copy link" testId="checkout-url">
          {open ? (
            <a
              href={checkout.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses("primary", "sm")}
            >
              Open<span className="sr-only"> the checkout page in a new tab</span>
            </a>
          ) : null}
        </CopyableValue>
        <p className="mt-3 text-sm text-zinc-500 dark:text-zinc-400">
          {open
            ? `Send this link to the buyer. It can take a payment until ${formatDateTime(checkout.expires_at)}.`
            : `This session is ${info.label.toLowerCase()}: the link only shows the buyer what happened and cannot take a payment.`}
        </p>
      </Card>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="Product">
          <DetailList
            items={[
              ["Product", checkout.product.name],
              ["Price", priceText(checkout.product_price)],
              ["Payment processor", checkout.payment_processor],
              ["Payment required", checkout.is_payment_required ? "Yes" : "No"],
            ]}
          />
        </Card>
        <Card title="Amounts">
          <DetailList
            items={[
              ["Amount", money(checkout.amount)],
              [
                "Discount",
                checkout.discount_amount
                  ? `− ${formatMoney(checkout.discount_amount, checkout.currency)}`
                  : null,
              ],
              ["Subtotal", money(checkout.subtotal_amount)],
              ["Tax", money(checkout.tax_amount)],
              ["Total", <strong key="total">{money(checkout.total_amount)}</strong>],
            ]}
          />
        </Card>
        <Card title="Customer">
          <DetailList
            items={[
              ["Email", checkout.customer_email],
              ["Name", checkout.customer_name],
              ["Customer ID", checkout.customer_id],
              ["Billing address", addressText(checkout.customer_billing_address)],
              [
                "Tax ID",
                checkout.customer_tax_id &&
                  `${checkout.customer_tax_id} (${checkout.customer_tax_id_type ?? "type unknown"}, ${checkout.customer_tax_id_status})`,
              ],
              ["IP address", checkout.customer_ip_address],
              ["Customer metadata", pairs(checkout.customer_metadata)],
              ["Custom fields", pairs(checkout.custom_field_data)],
            ]}
          />
        </Card>
        <Card title="Discount">
          <DetailList
            items={[
              [
                "Discount",
                checkout.discount
                  ? `${checkout.discount.name}${checkout.discount.code ? ` (${checkout.discount.code})` : ""} · ${discountText(checkout.discount)}`
                  : "None",
              ],
              ["Discount codes", checkout.allow_discount_codes ? "Buyers may enter a code" : "Not allowed"],
            ]}
          />
        </Card>
      </div>

      <Card title="Session">
        <DetailList
          items={[
            ["Expires", formatDateTime(checkout.expires_at)],
            [
              "Success URL",
              <span key="success" className="font-mono text-xs break-all">
                {checkout.success_url}
              </span>,
            ],
            ["Embed origin", checkout.embed_origin],
            ["Subscription", checkout.subscription_id],
            ["Metadata", pairs(checkout.metadata)],
            ["Created", formatDateTime(checkout.created_at)],
            ["Modified", formatDateTime(checkout.modified_at)],
            codeItem("ID", checkout.id),
          ]}
        />
      </Card>
    </div>
  );
}
