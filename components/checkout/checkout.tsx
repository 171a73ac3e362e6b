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
import { TranslatorProvider, useTranslator } from "@/components/i18n/translator-context";
import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/translator";

type Props = {
  initialCheckout: CheckoutView;
  /** The server's clock when it rendered the page (ms), so expiry does not depend on the buyer's. */
  renderedAt: number;
  /** The billing address's countries: sent with the page's data, not in its JavaScript. */
  countries: readonly Choice[];
  /** The states and provinces where the address needs one: page data too (./subdivisions.ts). */
  subdivisions: Subdivisions;
  /** The buyer's language, chosen by the server (docs/i18n.md), and its page's messages. */
  locale: Locale;
  messages: Messages;
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
  const tr = useTranslator();
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
        <StatusMessage title={tr.t("checkout.failedTitle")} tone="error" header={header}>
          <p>{tr.t("checkout.failedBody", { product: checkout.product.name })}</p>
          {checkout.organization.email ? (
            <p>
              <MailtoSentence
                template={tr.t("checkout.questionsWriteTo")}
                email={checkout.organization.email}
              />
            </p>
          ) : null}
        </StatusMessage>
      );
    case "expired":
    default:
      return (
        <StatusMessage title={tr.t("checkout.expiredTitle")} tone="warning" header={header}>
          <p>{tr.t("checkout.expiredBody", { product: checkout.product.name })}</p>
          <p>{tr.t("checkout.expiredBack", { organization: checkout.organization.name })}</p>
        </StatusMessage>
      );
  }
}

/** A sentence with an {email} placeholder, the address a mailto link within it. */
function MailtoSentence({ template, email }: { template: string; email: string }) {
  const [before = "", after = ""] = template.split("{email}");
  return (
    <>
      {before}
      <a
        href={`mailto:${email}`}
        className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400"
      >
        {email}
      </a>
      {after}
    </>
  );
}

export function Checkout(props: Props) {
  return (
    <TranslatorProvider locale={props.locale} messages={props.messages}>
      <CheckoutProviders initialCheckout={props.initialCheckout}>
        {/* The page's language for assistive technology and hyphenation; no box of its own. */}
        <div lang={props.locale} className="contents">
          <CheckoutByStatus {...props} />
        </div>
      </CheckoutProviders>
    </TranslatorProvider>
  );
}
