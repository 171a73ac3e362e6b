"use client";
// The hosted checkout, whatever the session's state: the form while it is open, the confirmation
// while it is processed and once it succeeded, a clear page when it expired or failed.
import dynamic from "next/dynamic";
import { useCallback, useEffect, useState } from "react";
import type { CheckoutView } from "./api";
import type { Choice } from "./countries";
import type { Subdivisions } from "./subdivisions";
import { postToEmbedder } from "./embed";
import { useCheckout } from "./hooks";
import { OpenCheckout } from "./open-checkout";
import { CheckoutProviders } from "./providers";
import { StatusMessage } from "./status-message";
import { OrganizationBadge } from "./summary";

type Props = {
  initialCheckout: CheckoutView;
  /** The server's clock when it rendered the page (ms), so expiry does not depend on the buyer's. */
  renderedAt: number;
  /** The billing address's countries: sent with the page's data, not in its JavaScript. */
  countries: readonly Choice[];
  /** The states and provinces where the address needs one: page data too (./subdivisions.ts). */
  subdivisions: Subdivisions;
};

/**
 * Its own chunk, so the form's first load does not carry it: the server renders it (and preloads
 * the chunk) where the page opens on it; an open page fetches it once idle (OpenCheckout).
 */
const Confirmation = dynamic(() => import("./confirmation").then((m) => m.Confirmation));

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** An open session stops being payable at expires_at, before the server's sweeper marks it. */
function useExpiredByClock(expiresAt: string, renderedAt: number): boolean {
  const remaining = Date.parse(expiresAt) - renderedAt;
  const [expired, setExpired] = useState(remaining <= 0);
  useEffect(() => {
    if (remaining <= 0 || remaining > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => setExpired(true), remaining);
    return () => clearTimeout(timer);
  }, [remaining]);
  return expired;
}

function CheckoutByStatus({ initialCheckout, renderedAt, countries, subdivisions }: Props) {
  const { data: checkout, refetch } = useCheckout();
  const expiredByClock = useExpiredByClock(checkout.expires_at, renderedAt);
  // A write answered "not open" while the session still reads `open`: it expired on the server.
  const [closed, setClosed] = useState(false);
  const status = checkout.status === "open" && (expiredByClock || closed) ? "expired" : checkout.status;

  useEffect(() => {
    postToEmbedder(initialCheckout.embed_origin, "loaded", { checkout_id: initialCheckout.id });
  }, [initialCheckout.embed_origin, initialCheckout.id]);

  const onClosed = useCallback(() => {
    setClosed(true);
    void refetch();
  }, [refetch]);

  const header = <OrganizationBadge organization={checkout.organization} />;
  switch (status) {
    case "open":
      return (
        <OpenCheckout
          checkout={checkout}
          countries={countries}
          subdivisions={subdivisions}
          onClosed={onClosed}
        />
      );
    case "confirmed":
    case "succeeded":
      return <Confirmation checkout={checkout} />;
    case "failed":
      return (
        <StatusMessage title="We couldn't complete your order" tone="error" header={header}>
          <p>
            Something went wrong while processing your order for {checkout.product.name}. Any payment taken
            for it is refunded.
          </p>
          {checkout.organization.email ? (
            <p>
              Questions? Write to{" "}
              <a
                href={`mailto:${checkout.organization.email}`}
                className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400"
              >
                {checkout.organization.email}
              </a>
              .
            </p>
          ) : null}
        </StatusMessage>
      );
    case "expired":
    default:
      return (
        <StatusMessage title="This checkout has expired" tone="warning" header={header}>
          <p>
            Checkout links are valid for a limited time, and this one for {checkout.product.name} has run out.
            No payment was taken.
          </p>
          <p>Go back to {checkout.organization.name} to start a new checkout.</p>
        </StatusMessage>
      );
  }
}

export function Checkout(props: Props) {
  return (
    <CheckoutProviders initialCheckout={props.initialCheckout}>
      <CheckoutByStatus {...props} />
    </CheckoutProviders>
  );
}
