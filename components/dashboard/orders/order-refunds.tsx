"use client";
// The order page's "Refunds" card: the Refund action (while something remains refundable) and the
// order's refunds, newest first. A refund is pending until the processor answers (a moment later);
// the list is read again until none is pending, and the order's amounts with it.
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import { orderKeys, type Order } from "../hooks/orders";
import { useCreateRefund, useOrderRefunds, type Refund } from "../hooks/refunds";
import { Button } from "../ui/button";
import { Badge, Card, type BadgeTone } from "../ui/misc";
import { ErrorState, Skeleton } from "../ui/states";
import { bodyRowClass, cellClass, headerRowClass, Table, Th } from "../ui/table";
import { useToast } from "../ui/toast";
import { initialRefundForm, RefundDialog } from "./refund-dialog";
import { REASON_LABELS, refundBodyFrom, remainingRefundable, type RefundForm } from "./refund-logic";

const STATUS: Record<Refund["status"], [label: string, tone: BadgeTone]> = {
  pending: ["Pending", "amber"],
  succeeded: ["Succeeded", "green"],
  failed: ["Failed", "red"],
  canceled: ["Canceled", "zinc"],
};

function RefundsTable({ refunds, currency }: { refunds: Refund[]; currency: string }) {
  return (
    <Table label="Refunds">
      <thead>
        <tr className={headerRowClass}>
          <Th>Date</Th>
          <Th>Amount</Th>
          <Th>Status</Th>
          <Th>Reason</Th>
          <Th>Benefits</Th>
        </tr>
      </thead>
      <tbody>
        {refunds.map((refund) => (
          <tr key={refund.id} className={bodyRowClass}>
            <td className={cellClass}>{formatDateTime(refund.created_at)}</td>
            <td className={cellClass}>
              {formatMoney(refund.amount, currency)}
              {refund.tax_amount ? (
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                  incl. {formatMoney(refund.tax_amount, currency)} tax
                </span>
              ) : null}
            </td>
            <td className={cellClass}>
              <Badge tone={STATUS[refund.status][1]}>{STATUS[refund.status][0]}</Badge>
            </td>
            <td className={cellClass}>
              {REASON_LABELS[refund.reason]}
              {refund.comment ? (
                <span className="block text-xs break-words text-zinc-500 dark:text-zinc-400">
                  {refund.comment}
                </span>
              ) : null}
            </td>
            <td className={cellClass}>{refund.revoke_benefits ? "Revoked" : "Kept"}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function OrderRefunds({ order }: { order: Order }) {
  const refunds = useOrderRefunds(order.id);
  const create = useCreateRefund(order.id);
  const queryClient = useQueryClient();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<RefundForm | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();

  const items = refunds.data?.items ?? [];
  const remaining = remainingRefundable(order, items);
  // A refund that settled moves the order: read it again whenever a refund's status changes (the
  // processor may answer before the list is first read again, so "pending" may never be seen).
  const statuses = items.map((refund) => `${refund.id}:${refund.status}`).join(",");
  const seenStatuses = useRef(statuses);
  useEffect(() => {
    if (statuses === seenStatuses.current) return;
    seenStatuses.current = statuses;
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
  }, [statuses, order.id, queryClient]);

  const start = () => {
    create.reset();
    setAmountError(undefined);
    setForm(initialRefundForm(remaining, order.currency, order.product_price.type === "one_time"));
    setOpen(true);
  };
  const confirm = () => {
    if (!form) return;
    const decided = refundBodyFrom(form, order.id, order.currency, remaining);
    if ("error" in decided) {
      setAmountError(decided.error);
      return;
    }
    setAmountError(undefined);
    create.mutate(decided.body, {
      onSuccess: () => {
        setOpen(false);
        notify(`Refund of ${formatMoney(decided.body.amount, order.currency)} requested`);
      },
    });
  };

  const action =
    refunds.isSuccess && remaining > 0 ? (
      <Button variant="secondary" onClick={start}>
        Refund
      </Button>
    ) : null;
  return (
    <Card title="Refunds" actions={action}>
      {refunds.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : refunds.isError ? (
        <ErrorState error={refunds.error} onRetry={() => void refunds.refetch()} />
      ) : items.length ? (
        <RefundsTable refunds={items} currency={order.currency} />
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No refunds.</p>
      )}
      {form ? (
        <RefundDialog
          open={open}
          form={form}
          currency={order.currency}
          remaining={remaining}
          subscription={order.subscription_id !== null}
          amountError={amountError}
          error={create.error ? create.error.message : null}
          busy={create.isPending}
          onChange={setForm}
          onConfirm={confirm}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </Card>
  );
}
