"use client";
// The customer portal of one organization: sign-in by emailed code, then the buyer's subscriptions,
// license keys and orders. The customer session token arrives from the sign-in form or from a link
// (`?customer_session_token=`, removed from the address at once), lives in sessionStorage under
// `portal:<slug>` (./session.ts), and is dropped on Sign out or on any 401 ("Your session has
// expired").
import { useEffect, useState, useSyncExternalStore } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Spinner } from "@/components/checkout/fields";
import { signOut, type PortalOrganization } from "./api";
import { PortalHeader } from "./header";
import { PortalSessionContext, useMe } from "./hooks";
import { Overview } from "./overview";
import { createPortalQueryClient } from "./query-client";
import { PortalAuth, type TokenStorage } from "./session";
import { SignIn } from "./sign-in";

export const EXPIRED_NOTICE = "Your session has expired. Please sign in again.";
export const SIGNED_OUT_NOTICE = "You're signed out.";
export const FOREIGN_NOTICE =
  "That sign-in link is for another store. Sign in with your email to see your purchases here.";

function sessionStorageOrNull(): TokenStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

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

export function Portal({ organization }: { organization: PortalOrganization }) {
  const [auth] = useState(() => new PortalAuth(organization.slug, sessionStorageOrNull()));
  const [client] = useState(() =>
    createPortalQueryClient((queryClient) => {
      if (auth.leave(EXPIRED_NOTICE)) queryClient.clear();
    }),
  );
  const phase = useSyncExternalStore(auth.subscribe, auth.getPhase, auth.getServerPhase);

  // In the browser only: take the token from the address (and out of it), or from this tab's storage.
  useEffect(() => {
    const cleanUrl = auth.start(window.location.href);
    if (cleanUrl !== null) window.history.replaceState(window.history.state, "", cleanUrl);
  }, [auth]);

  const leave = (notice: string) => {
    const token = auth.leave(notice);
    client.clear();
    return token;
  };

  const onSignOut = () => {
    const token = leave(SIGNED_OUT_NOTICE);
    // The server forgets the token too; if that fails, it still expires on its own.
    if (token) void signOut(token).catch(() => undefined);
  };

  const session =
    phase.kind === "signed-in" ? { token: phase.token, organization, signOut: onSignOut } : null;

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
            {phase.kind === "starting" ? (
              <p role="status" className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
                <Spinner /> Loading…
              </p>
            ) : phase.kind === "signed-out" ? (
              <div className="mx-auto max-w-md">
                <SignIn
                  organization={organization}
                  notice={phase.notice}
                  onSignedIn={(token) => auth.enter(token)}
                />
              </div>
            ) : (
              <Overview key={phase.token} onForeignSession={() => leave(FOREIGN_NOTICE)} />
            )}
          </main>
        </div>
      </PortalSessionContext.Provider>
    </QueryClientProvider>
  );
}
