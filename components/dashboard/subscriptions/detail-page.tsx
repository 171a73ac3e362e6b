"use client";
// /dashboard/<org>/subscriptions/<id>: one subscription with its status and cancellation, the
// merchant's actions (./row-actions.tsx, ./plan-change.tsx, ./dates-action.tsx), and its payment attempts: renewals, dunning retries and
// new cards, with why each failed and when the next retry runs.
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { describePriceSchedule } from "@/lib/subscriptions/price-schedule";
import { formatDateTime } from "../format";
import { subscriptions, useSubscriptionDunning, type SubscriptionDunning } from "../hooks/subscriptions";
import { useOrgPath } from "../organization";
import { DetailFrame } from "../kit/detail-frame";
import { Badge, Card, DetailList, PageHeader, type BadgeTone } from "../ui/misc";
import { ErrorState, Skeleton } from "../ui/states";
import { bodyRowClass, cellClass, headerRowClass, linkClass, Table, Th } from "../ui/table";
import { SubscriptionRowActions } from "./row-actions";
import { PlanChangeAction } from "./plan-change";
import { DatesAction, DropPendingUpdate } from "./dates-action";
import {
  canChangePlan,
  CANCELLATION_REASON_LABELS,
  cancellationText,
  periodText,
  STATUS_LABELS,
  STATUS_TONES,
} from "./logic";

type Attempt = SubscriptionDunning["attempts"][number];

const ATTEMPT_TONES: Record<Attempt["status"], BadgeTone> = {
  pending: "zinc",
  requires_action: "amber",
  succeeded: "green",
  failed: "red",
};

function attemptLabel(attempt: Attempt): string {
  if (attempt.kind === "setup") return "New payment method";
  if (attempt.kind !== "renewal") return attempt.kind;
  if (attempt.retry === null) return "Charge with the new method";
  return attempt.retry === 0 ? "Renewal" : `Retry ${attempt.retry}`;
}

function Attempts({ id }: { id: string }) {
  const dunning = useSubscriptionDunning(id);
  if (dunning.isPending) return <Skeleton className="h-24 w-full" />;
  if (dunning.isError) return <ErrorState error={dunning.error} onRetry={() => void dunning.refetch()} />;
  const { attempts, next_retry_at: nextRetryAt } = dunning.data;
  return (
    <>
      {nextRetryAt ? (
        <p className="mb-3 text-sm">
          Next retry: <strong>{formatDateTime(String(nextRetryAt))}</strong>
        </p>
      ) : null}
      {attempts.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No payment attempts since the first payment.
        </p>
      ) : (
        <Table label="Payment attempts">
          <thead>
            <tr className={headerRowClass}>
              <Th>Date</Th>
              <Th>Attempt</Th>
              <Th>Amount</Th>
              <Th>Status</Th>
              <Th>Failure</Th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id} className={bodyRowClass}>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatDateTime(String(attempt.created_at))}
                </td>
                <td className={cellClass}>{attemptLabel(attempt)}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {attempt.kind === "setup" ? "—" : formatMoney(attempt.amount, attempt.currency)}
                </td>
                <td className={cellClass}>
                  <Badge tone={ATTEMPT_TONES[attempt.status]}>{attempt.status.replace("_", " ")}</Badge>
                </td>
                <td className={`${cellClass} max-w-64`}>{attempt.failure_reason ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

export function SubscriptionDetail({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const subscription = subscriptions.useOne(id);
  return (
    <DetailFrame
      back={{ href: orgPath("/subscriptions"), label: "Subscriptions" }}
      query={subscription}
      what="Subscription"
    >
      {(data) => (
        <div className="space-y-6">
          <PageHeader title={`${data.product.name} · ${data.customer.email}`}>
            <Badge tone={STATUS_TONES[data.status]}>{STATUS_LABELS[data.status]}</Badge>
          </PageHeader>
          <Card
            title="Subscription"
            actions={
              <div className="flex flex-wrap gap-1.5">
                {canChangePlan(data) ? <PlanChangeAction subscription={data} /> : null}
                <DatesAction subscription={data} />
                <SubscriptionRowActions subscription={data} />
              </div>
            }
          >
            <DetailList
              items={[
                [
                  "Customer",
                  <Link key="customer" href={orgPath(`/customers/${data.customer_id}`)} className={linkClass}>
                    {data.customer.email}
                  </Link>,
                ],
                [
                  "Price",
                  <span key="price" data-testid="subscription-price">
                    {describePriceSchedule({
                      ...data,
                      current_period_start: String(data.current_period_start),
                      started_at: data.started_at ? String(data.started_at) : null,
                    })}
                  </span>,
                ],
                [
                  "Current period",
                  periodText(
                    String(data.current_period_start),
                    data.current_period_end ? String(data.current_period_end) : null,
                  ),
                ],
                [
                  "Canceled",
                  cancellationText({
                    ...data,
                    ends_at: data.ends_at ? String(data.ends_at) : null,
                    ended_at: data.ended_at ? String(data.ended_at) : null,
                  }),
                ],
                [
                  "Cancellation reason",
                  data.customer_cancellation_reason
                    ? CANCELLATION_REASON_LABELS[data.customer_cancellation_reason]
                    : null,
                ],
                ["Cancellation comment", data.customer_cancellation_comment],
                [
                  "Scheduled plan change",
                  data.pending_update ? <DropPendingUpdate key="pending" subscription={data} /> : null,
                ],
                ["Started", data.started_at ? formatDateTime(String(data.started_at)) : null],
                [
                  "ID",
                  <code key="id" className="text-xs">
                    {data.id}
                  </code>,
                ],
              ]}
            />
          </Card>
          <Card title="Payment attempts">
            <Attempts id={data.id} />
          </Card>
        </div>
      )}
    </DetailFrame>
  );
}
