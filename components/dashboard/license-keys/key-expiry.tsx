"use client";
// The key page's "Expires": the key's own date, "Never", or, for a key a subscription issued (no
// date of its own: it is revoked when the subscription ends), what the subscription says
// (lib/license-keys/expiry-label.ts), with a link to it.
import Link from "next/link";
import { keyExpiryLabel } from "@/lib/license-keys/expiry-label";
import { formatDate, formatDateTime } from "../format";
import type { LicenseKeyDetail } from "../hooks/license-keys";
import { subscriptions } from "../hooks/subscriptions";
import { useOrgPath } from "../organization";
import { linkClass } from "../ui/table";

export function KeyExpiry({
  licenseKey,
}: {
  licenseKey: Pick<LicenseKeyDetail, "expires_at" | "subscription_id">;
}) {
  if (licenseKey.expires_at) return <>{formatDateTime(licenseKey.expires_at)}</>;
  if (!licenseKey.subscription_id) return <>Never</>;
  return <SubscriptionExpiry subscriptionId={licenseKey.subscription_id} />;
}

function SubscriptionExpiry({ subscriptionId }: { subscriptionId: string }) {
  const orgPath = useOrgPath();
  const subscription = subscriptions.useOne(subscriptionId);
  const data = subscription.data;
  const text = data
    ? keyExpiryLabel(
        { expires_at: null },
        {
          status: data.status,
          current_period_end: data.current_period_end ? String(data.current_period_end) : null,
          cancel_at_period_end: data.cancel_at_period_end,
          ends_at: data.ends_at ? String(data.ends_at) : null,
          ended_at: data.ended_at ? String(data.ended_at) : null,
        },
        formatDate,
      )
    : "Expires when the subscription ends";
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>{text}</span>
      <Link href={orgPath(`/subscriptions/${subscriptionId}`)} className={linkClass}>
        View subscription
      </Link>
    </span>
  );
}
