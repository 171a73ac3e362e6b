"use client";
// Settings → Payments (docs/checkout.md, "Stripe on the checkout page and in Settings"): which
// processor the organization's checkouts use, and Stripe's keys. Until Stripe is connected checkouts
// run on the built-in test processor; the merchant pastes the secret and publishable keys and the
// signing secret of a webhook endpoint made in Stripe with the URL and events shown here. After
// saving the card shows the account, the secret key's last four characters and Test or Live: a
// secret is never shown again (the API never returns one), only replaced, after a confirmation.
import { ThreeDSecureToggle } from "./three-d-secure-toggle";
import { useEffect, useRef, useState } from "react";
import { useOrganization } from "../organization";
import { DetailSkeleton, NotFoundOrError } from "../kit/detail-frame";
import { usePaymentProcessor, type PaymentProcessorSettings } from "../hooks/organizations";
import { Badge, Card, CopyButton, CopyableUrl, DetailList, codeItem } from "../ui/misc";
import { Button } from "../ui/button";
import { maskedSecretKey, STRIPE_WEBHOOK_EVENTS, stripeWebhookUrl } from "./payments-logic";
import { StripeKeysForm } from "./stripe-keys-form";

/** The Settings page's anchor of this card (the onboarding checklist links there). */
export const PAYMENTS_ANCHOR = "payments";

export function PaymentsCard() {
  const organization = useOrganization();
  const settings = usePaymentProcessor(organization.id);
  if (settings.isPending) return <DetailSkeleton />;
  if (settings.isError) {
    return (
      <NotFoundOrError error={settings.error} what="Payment settings" retry={() => void settings.refetch()} />
    );
  }
  return <PaymentsSettings organizationId={organization.id} settings={settings.data} />;
}

function PaymentsSettings({
  organizationId,
  settings,
}: {
  organizationId: string;
  settings: PaymentProcessorSettings;
}) {
  const connected = settings.processor === "stripe";
  const [replacing, setReplacing] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  // A link to #payments (the onboarding checklist) arrives before this card has loaded.
  useEffect(() => {
    if (window.location.hash === `#${PAYMENTS_ANCHOR}`) anchor.current?.scrollIntoView();
  }, []);
  const webhookUrl = stripeWebhookUrl(
    settings,
    organizationId,
    typeof window === "undefined" ? "" : window.location.origin,
  );
  return (
    <div id={PAYMENTS_ANCHOR} ref={anchor} className="scroll-mt-20">
      <Card
        title="Payments"
        actions={
          <Badge tone={settings.livemode ? "green" : "amber"}>
            {settings.livemode ? "Live mode" : "Test mode"}
          </Badge>
        }
      >
        <div className="space-y-5">
          {connected ? (
            <DetailList
              items={[
                ["Processor", "Stripe"],
                codeItem("Stripe account", settings.account_id),
                codeItem("Secret key", maskedSecretKey(settings)),
                codeItem("Publishable key", settings.publishable_key),
              ]}
            />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              Checkouts use the built-in test processor: no real money moves (card 4242 4242 4242 4242).
              Connect your Stripe account to take real payments.
            </p>
          )}
          {connected ? <ThreeDSecureToggle organizationId={organizationId} settings={settings} /> : null}
          <WebhookSetup url={webhookUrl} />
          {!connected || replacing ? (
            <StripeKeysForm
              organizationId={organizationId}
              replacing={connected}
              onDone={() => setReplacing(false)}
            />
          ) : (
            <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <Button onClick={() => setReplacing(true)}>Replace keys</Button>
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}

/** Where Stripe sends its events, and which: the endpoint the merchant adds in Stripe. */
function WebhookSetup({ url }: { url: string }) {
  return (
    <div className="space-y-3 text-sm">
      <h3 className="font-medium">Stripe webhook endpoint</h3>
      <p className="text-zinc-600 dark:text-zinc-300">
        In Stripe, add a webhook endpoint (Developers → Webhooks) with this URL and the events below, then
        paste its signing secret here.
      </p>
      <CopyableUrl url={url} testId="stripe-webhook-url" />
      <details>
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-300">
          Events to send ({STRIPE_WEBHOOK_EVENTS.length})
        </summary>
        <ul aria-label="Stripe events to send" className="mt-2 grid gap-1 sm:grid-cols-2">
          {STRIPE_WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <code className="font-mono text-xs break-all">{event}</code>
            </li>
          ))}
        </ul>
        <div className="mt-2">
          <CopyButton value={STRIPE_WEBHOOK_EVENTS.join("\n")} label="Copy events" />
        </div>
      </details>
    </div>
  );
}
