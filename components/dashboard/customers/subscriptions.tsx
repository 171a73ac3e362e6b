"use client";
// A customer's subscriptions (GET /v1/subscriptions/?customer_id=), newest first: status, product,
// price, current period and whether it ends at the period's end.
import { formatDate } from "../format";
import { subscriptions } from "../hooks/subscriptions";
import { CustomerSection } from "./activity";
import { priceText, STATUS_LABELS, STATUS_TONES } from "../subscriptions/logic";
import { Badge } from "../ui/misc";

export function CustomerSubscriptions({ customerId }: { customerId: string }) {
  return (
    <CustomerSection
      customerId={customerId}
      title="Subscriptions"
      sorting={["-started_at"]}
      useList={subscriptions.useList}
      empty="No subscriptions"
      columns={[
        { label: "Product", cell: (row) => row.product.name },
        {
          label: "Status",
          cell: (row) => (
            <>
              <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
              {row.cancel_at_period_end ? (
                <span className="ml-2 text-xs text-zinc-500">ends at period end</span>
              ) : null}
            </>
          ),
        },
        {
          label: "Price",
          cellClassName: "tabular-nums",
          cell: (row) => priceText(row.amount, row.currency, row.recurring_interval),
        },
        {
          label: "Current period",
          cellClassName: "whitespace-nowrap",
          cell: (row) =>
            `${formatDate(row.current_period_start)}${row.current_period_end ? ` – ${formatDate(row.current_period_end)}` : ""}`,
        },
      ]}
    />
  );
}
