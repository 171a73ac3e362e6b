"use client";
// The customer portal of one organization: sign-in by emailed code, then the buyer's subscriptions,
// license keys and orders. The customer session lives in an HttpOnly cookie set by the sign-in
// form's answer, or by proxy.ts from a merchant's link (`?customer_session_token=`, taken out of the
// address before the page loads); the page holds only its CSRF token (./session.ts), dropped on
// Sign out or on any 401 ("Your session has expired").
import { useEffect, useState, useSyncExternalStore } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Spinner } from "@/components/checkout/fields";
import { signOut, type PortalOrganization } from "./api";
import { PortalHeader } from "./header";
import { PortalSessionContext, useMe } from "./hooks";
import { EmailLinkNotice, useEmailLink } from "./email-change";
import { Overview } from "./overview";
import { createPortalQueryClient } from "./query-client";
import { documentCsrfCookie, PortalAuth } from "./session";
import { SignIn } from "./sign-in";
import { TranslatorProvider, useTranslator } from "@/components/i18n/translator-context";
import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/translator";

export const EXPIRED_NOTICE = "Your session has expired. Please sign in again.";
export const SIGNED_OUT_NOTICE = "You're signed out.";
export const FOREIGN_NOTICE =
  "That sign-in link is for another store. Sign in with your email to see your purchases here.";

/** The header once signed in: the buyer's email (when known) and Sign out. */
function SignedInHeader({
  organization,
  onSignOut,
}: {
  organization: PortalOrganization;
  onSignOut: () => void;
}) {
  const me = useMe();
  const email = me.data && me.data.organization.id === organization.id ? me.data.email : null;
  return <PortalHeader organization={organization} signedIn={{ email, onSignOut }} />;
}

type PortalProps = {
  organization: PortalOrganization;
  /** The buyer's language, chosen by the server (docs/i18n.md), and its page's messages. */
  locale: Locale;
  messages: Messages;
};

export function Portal({ organization, locale, messages }: PortalProps) {
  return (
    <TranslatorProvider locale={locale} messages={messages}>
      <div lang={locale} className="contents">
        <PortalPage organization={organization} />
      </div>
    </TranslatorProvider>
  );
}

function PortalPage({ organization }: { organization: PortalOrganization }) {
  const tr = useTranslator();
  const [auth] = useState(
    () => new PortalAuth(organization.slug, typeof window === "undefined" ? null : documentCsrfCookie()),
  );
  const [client] = useState(() =>
    createPortalQueryClient((queryClient) => {
      if (auth.leave(tr.t("portal.expiredNotice"))) queryClient.clear();
    }),
  );
  const phase = useSyncExternalStore(auth.subscribe, auth.getPhase, auth.getServerPhase);

  // In the browser only: is there a session's CSRF cookie?
  useEffect(() => auth.start(), [auth]);

  const leave = (notice: string, forget = true) => {
    const csrf = auth.leave(notice, forget);
    client.clear();
    return csrf;
  };

  const onSignOut = () => {
    const csrf = leave(tr.t("portal.signedOutNotice"));
    // The server ends the session and clears its cookie; if that fails, it still expires on its own.
    if (csrf) void signOut(csrf).catch(() => undefined);
  };

  // Opened from the link that confirms a new email: its answer signs this browser in, with fresh data.
  const emailLink = useEmailLink(() => {
    client.clear();
    auth.enter();
  });

  const session = phase.kind === "signed-in" ? { csrf: phase.csrf, organization, signOut: onSignOut } : null;

  return (
    <QueryClientProvider client={client}>
      <PortalSessionContext.Provider value={session}>
        <div className="mx-auto flex min-h-screen max-w-3xl flex-col px-4 py-6 sm:px-6 sm:py-10">
          {session ? (
            <SignedInHeader organization={organization} onSignOut={onSignOut} />
          ) : (
            <PortalHeader organization={organization} />
          )}
          <main className="mt-8 flex-1">
            <EmailLinkNotice link={emailLink} />
            {phase.kind === "starting" ? (
              <p role="status" className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
                <Spinner /> {tr.t("portal.loading")}
              </p>
            ) : phase.kind === "signed-out" ? (
              <div className="mx-auto max-w-md">
                <SignIn organization={organization} notice={phase.notice} onSignedIn={() => auth.enter()} />
              </div>
            ) : (
              // Another store's session stays good there: its cookie is kept.
              <Overview
                key={phase.csrf}
                onForeignSession={() => leave(tr.t("portal.foreignNotice"), false)}
              />
            )}
          </main>
        </div>
      </PortalSessionContext.Provider>
    </QueryClientProvider>
  );
}
