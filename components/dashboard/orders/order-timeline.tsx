"use client";
// The order page's "Timeline" card (created, paid, refunds, the emails sent about the order with
// their status, the webhook deliveries of events about it with their status and attempts, each
// linking to its page) and the "Resend receipt" action (POST /v1/orders/{id}/receipt: a second click
// within a minute sends nothing more, and says so).
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import { useResendReceipt, type OrderTimeline, type TimelineEntry } from "../hooks/order-timeline";
import { emailStatusInfo, kindLabel } from "../emails/logic";
import { useOrgPath } from "../organization";
import { Button } from "../ui/button";
import { Badge, Card, type BadgeTone } from "../ui/misc";
import { linkClass } from "../ui/table";
import { useToast } from "../ui/toast";
import { TimelineState } from "./order-activity";

const TONES: Record<string, BadgeTone> = {
  pending: "amber",
  queued: "amber",
  succeeded: "green",
  sent: "green",
  failed: "red",
  canceled: "zinc",
};

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function EntryLine({ entry, currency }: { entry: TimelineEntry; currency: string }) {
  const orgPath = useOrgPath();
  switch (entry.type) {
    case "order_created":
      return <span>Order created</span>;
    case "order_paid":
      return <span>Paid</span>;
    case "refund":
      return <span>Refund of {formatMoney(entry.amount ?? 0, currency)}</span>;
    case "email":
      return (
        <span>
          Email:{" "}
          <Link href={orgPath(`/emails/${entry.id}`)} className={linkClass}>
            {kindLabel(entry.kind ?? "")}
          </Link>
        </span>
      );
    case "webhook_delivery":
      return (
        <span>
          Webhook{" "}
          <Link href={orgPath(`/webhooks/${entry.endpoint_id}#delivery-${entry.id}`)} className={linkClass}>
            <code>{entry.kind}</code>
          </Link>
        </span>
      );
  }
}

function EntryStatus({ entry }: { entry: TimelineEntry }) {
  if (!entry.status) return null;
  if (entry.type === "email") {
    const info = emailStatusInfo({
      status: entry.status as "queued" | "sent" | "failed",
      transport: entry.transport,
    });
    return <Badge tone={info.tone}>{info.label}</Badge>;
  }
  return <Badge tone={TONES[entry.status] ?? "zinc"}>{entry.status.replace(/_/g, " ")}</Badge>;
}

export function OrderTimelineSection({
  query,
  currency,
}: {
  query: Parameters<typeof TimelineState>[0]["query"] & { data?: OrderTimeline };
  currency: string;
}) {
  const entries = query.data?.entries;
  return (
    <Card title="Timeline">
      <TimelineState query={query} />
      {entries ? (
        <ol className="space-y-2 text-sm" data-testid="order-timeline">
          {entries.map((entry, index) => (
            <li
              key={`${entry.type}-${entry.id ?? index}`}
              data-testid={`timeline-${entry.type}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1"
            >
              <time className="w-40 shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">
                {formatDateTime(entry.at)}
              </time>
              <EntryLine entry={entry} currency={currency} />
              <EntryStatus entry={entry} />
              {entry.attempts !== null && entry.type === "webhook_delivery" ? (
                <span className="text-zinc-500 dark:text-zinc-400">{plural(entry.attempts, "attempt")}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </Card>
  );
}

export function ResendReceiptButton({ orderId, email }: { orderId: string; email: string }) {
  const resend = useResendReceipt(orderId);
  const notify = useToast();
  return (
    <Button
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (result) =>
            notify(
              result.queued
                ? `Receipt queued again for ${email}.`
                : "A receipt was sent less than a minute ago: not sent again.",
            ),
          onError: (error) => notify(error instanceof Error ? error.message : "Could not resend.", "error"),
        })
      }
    >
      {resend.isPending ? "Sending…" : "Resend receipt"}
    </Button>
  );
}
