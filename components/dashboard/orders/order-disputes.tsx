"use client";
// The order page's "Disputes" section (GET /v1/disputes/?order_id=), shown only when the order's
// payment was disputed: amount, reason, status, evidence deadline and dates, newest first; an open
// one can be accepted (conceded: closed as lost at the processor), after a confirmation.
import { formatMoney } from "@/lib/money";
import { DISPUTE_STATUS_LABELS, disputeReasonLabel } from "@/lib/disputes/labels";
import { formatDate, formatDateTime } from "../format";
import { disputes, useAcceptDispute, type DisputeResource } from "../hooks/disputes";
import { ConfirmButton } from "../kit/confirm-dialog";
import { SectionList, useSection } from "../kit/section-list";
import { Badge, type BadgeTone } from "../ui/misc";

const STATUS_TONES: Record<DisputeResource["status"], BadgeTone> = {
  warning_needs_response: "amber",
  warning_under_review: "blue",
  warning_closed: "zinc",
  needs_response: "red",
  under_review: "blue",
  won: "green",
  lost: "red",
};

/** The deadline while a response is due; a dash once the dispute is under review or closed. */
function evidenceDue(dispute: DisputeResource): string {
  const due = dispute.status === "needs_response" || dispute.status === "warning_needs_response";
  return due && dispute.evidence_due_by ? formatDate(String(dispute.evidence_due_by)) : "—";
}

export function OrderDisputes({ orderId }: { orderId: string }) {
  const section = useSection({ order_id: orderId }, ["-created_at"]);
  const list = disputes.useList(section.params);
  // Most orders are never disputed: no empty card for them (an error still shows, with its retry).
  if (!list.isError && !list.data?.items.length) return null;
  return (
    <SectionList
      title="Disputes"
      list={list}
      {...section.paging}
      label="Disputes of this order"
      empty="No disputes"
      columns={[
        {
          label: "Amount",
          cellClassName: "tabular-nums whitespace-nowrap",
          cell: (row) => formatMoney(row.amount, row.currency),
        },
        { label: "Reason", cell: (row) => disputeReasonLabel(row.reason) },
        {
          label: "Status",
          cell: (row) => <Badge tone={STATUS_TONES[row.status]}>{DISPUTE_STATUS_LABELS[row.status]}</Badge>,
        },
        { label: "Evidence due", cellClassName: "whitespace-nowrap", cell: evidenceDue },
        {
          label: "Opened",
          className: "hidden sm:table-cell",
          cellClassName: "whitespace-nowrap",
          cell: (row) => formatDateTime(String(row.created_at)),
        },
        {
          label: "Closed",
          className: "hidden sm:table-cell",
          cellClassName: "whitespace-nowrap",
          cell: (row) => (row.closed_at ? formatDateTime(String(row.closed_at)) : "—"),
        },
        { label: "Actions", cell: (row) => (row.closed ? null : <AcceptDispute dispute={row} />) },
      ]}
    />
  );
}

function AcceptDispute({ dispute }: { dispute: DisputeResource }) {
  const accept = useAcceptDispute();
  return (
    <ConfirmButton
      label="Accept"
      size="sm"
      title="Accept this dispute?"
      confirmLabel="Accept dispute"
      destructive
      action={accept}
      onConfirm={(close) => accept.mutate(dispute.id, { onSuccess: close })}
    >
      You send no evidence: the dispute is closed as lost and {formatMoney(dispute.amount, dispute.currency)}{" "}
      stays with the buyer&apos;s bank.
    </ConfirmButton>
  );
}
