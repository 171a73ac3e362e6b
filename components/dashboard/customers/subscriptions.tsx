"use client";
// A customer's subscriptions (GET /v1/subscriptions/?customer_id=), newest first: status, product,
// price, current period and whether it ends at the period's end.
import { useState } from "react";
import { formatDate } from "../format";
import { subscriptions } from "../hooks/subscriptions";
import { useOrganization } from "../organization";
import { priceText, STATUS_LABELS, STATUS_TONES } from "../subscriptions/logic";
import { ListBody } from "../ui/list-body";
import { Badge, Card } from "../ui/misc";
import { bodyRowClass, cellClass, headerRowClass, Table, Th } from "../ui/table";

const LIMIT = 10;

export function CustomerSubscriptions({ customerId }: { customerId: string }) {
  const organization = useOrganization();
  const [page, setPage] = useState(1);
  const list = subscriptions.useList({
    organization_id: organization.id,
    customer_id: customerId,
    sorting: ["-started_at"],
    page,
    limit: LIMIT,
  });
  return (
    <Card title="Subscriptions">
      <ListBody
        list={list}
        page={page}
        limit={LIMIT}
        onPageChange={(next) => setPage(next ?? 1)}
        columns={4}
        filtered={false}
        empty={{ title: "No subscriptions" }}
      >
        {(rows) => (
          <Table label="Subscriptions of this customer">
            <thead>
              <tr className={headerRowClass}>
                <Th>Product</Th>
                <Th>Status</Th>
                <Th>Price</Th>
                <Th>Current period</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((subscription) => (
                <tr key={subscription.id} className={bodyRowClass}>
                  <td className={cellClass}>{subscription.product.name}</td>
                  <td className={cellClass}>
                    <Badge tone={STATUS_TONES[subscription.status]}>
                      {STATUS_LABELS[subscription.status]}
                    </Badge>
                    {subscription.cancel_at_period_end ? (
                      <span className="ml-2 text-xs text-zinc-500">ends at period end</span>
                    ) : null}
                  </td>
                  <td className={`${cellClass} tabular-nums`}>
                    {priceText(subscription.amount, subscription.currency, subscription.recurring_interval)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {formatDate(subscription.current_period_start)}
                    {subscription.current_period_end
                      ? ` – ${formatDate(subscription.current_period_end)}`
                      : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListBody>
    </Card>
  );
}
