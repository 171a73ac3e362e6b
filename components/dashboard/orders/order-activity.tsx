"use client";
// The order page's "License keys" and "Payment" cards, read from GET /v1/orders/{id}/timeline
// (hooks/order-timeline.ts): the keys the order issued (each linking to its page) and the payment
// attempts (the charge with its processor, amount, status and card when known, then any refunds).
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "../format";
import type { OrderTimeline } from "../hooks/order-timeline";
import { useOrgPath } from "../organization";
import { Badge, Card, type BadgeTone } from "../ui/misc";
import { ErrorState, Skeleton } from "../ui/states";
import { linkClass } from "../ui/table";
import { LicenseKeyStatusBadge } from "../license-keys/status-badge";

type Query = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: OrderTimeline;
  refetch: () => unknown;
};

/** The card's body while the timeline loads or failed; null once it is there. */
export function TimelineState({ query }: { query: Query }) {
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}

const muted = "text-sm text-zinc-500 dark:text-zinc-400";

export function OrderKeysSection({ query }: { query: Query }) {
  const orgPath = useOrgPath();
  const keys = query.data?.license_keys;
  return (
    <Card title="License keys">
      <TimelineState query={query} />
      {keys && keys.length === 0 ? <p className={muted}>This order issued no license key.</p> : null}
      {keys && keys.length > 0 ? (
        <ul className="space-y-3 text-sm" data-testid="order-license-keys">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link href={orgPath(`/license-keys/${key.id}`)} className={`${linkClass} font-mono`}>
                {key.display_key}
              </Link>
              <LicenseKeyStatusBadge status={key.status} />
              <span className={muted}>
                {key.expires_at
                  ? `Valid until ${formatDateTime(key.expires_at)}`
                  : key.subscription_id
                    ? "Expires when the subscription ends"
                    : "Never expires"}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

const PAYMENT_STATUS: Record<OrderTimeline["payments"][number]["status"], [string, BadgeTone]> = {
  pending: ["Pending", "amber"],
  requires_action: ["Waiting for the buyer", "amber"],
  succeeded: ["Succeeded", "green"],
  failed: ["Failed", "red"],
};

const PAYMENT_KIND: Record<OrderTimeline["payments"][number]["kind"], string> = {
  charge: "Charge",
  setup: "Card saved for renewals",
  renewal: "Renewal charge",
  refund: "Refund",
};

/** "Visa ···· 4242", or null when the processor's ref says nothing readable. */
export function cardLabel(payment: { card_brand: string | null; card_last4: string | null }): string | null {
  if (!payment.card_last4) return null;
  const brand = payment.card_brand
    ? payment.card_brand[0]!.toUpperCase() + payment.card_brand.slice(1)
    : "Card";
  return `${brand} ···· ${payment.card_last4}`;
}

/** What the processor said of the payment's risk: "Risk: elevated (authorized)". */
export function riskLabel(payment: {
  risk_level: string | null;
  risk_outcome: string | null;
}): string | null {
  if (!payment.risk_level) return null;
  const outcome = payment.risk_outcome ? ` (${payment.risk_outcome.replaceAll("_", " ")})` : "";
  return `Risk: ${payment.risk_level}${outcome}`;
}

export function OrderPaymentSection({ query }: { query: Query }) {
  const payments = query.data?.payments;
  return (
    <Card title="Payment">
      <TimelineState query={query} />
      {payments && payments.length === 0 ? (
        <p className={muted}>No payment: nothing was charged for this order.</p>
      ) : null}
      {payments && payments.length > 0 ? (
        <ol className="space-y-3 text-sm" data-testid="order-payments">
          {payments.map((payment) => {
            const [label, tone] = PAYMENT_STATUS[payment.status];
            const card = cardLabel(payment);
            // Several attempts of one kind (a declined card, then another): number them.
            const sameKind = payments.filter((other) => other.kind === payment.kind);
            return (
              <li key={payment.id} className="space-y-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">
                    {PAYMENT_KIND[payment.kind]}
                    {payment.kind === "setup" ? "" : ` ${formatMoney(payment.amount, payment.currency)}`}
                  </span>
                  <Badge tone={tone}>{label}</Badge>
                  {sameKind.length > 1 ? (
                    <span className={muted}>
                      attempt {sameKind.indexOf(payment) + 1} of {sameKind.length}
                    </span>
                  ) : null}
                </div>
                <p className={muted}>
                  {[
                    `Processor: ${payment.processor}`,
                    payment.processor_payment_id && payment.processor !== "test"
                      ? payment.processor_payment_id
                      : null,
                    card,
                    riskLabel(payment),
                    formatDateTime(payment.created_at),
                    payment.failure_reason,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </li>
            );
          })}
        </ol>
      ) : null}
    </Card>
  );
}
