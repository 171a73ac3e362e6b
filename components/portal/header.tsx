// The portal's header: whose portal this is, and once signed in, who is signed in and Sign out.
import { useTranslator } from "@/components/i18n/translator-context";
import type { PortalOrganization } from "./api";
import { SECONDARY } from "./ui";

type Props = {
  organization: PortalOrganization;
  /** Present once signed in. */
  signedIn?: { email: string | null; onSignOut: () => void };
};

export function PortalHeader({ organization, signedIn }: Props) {
  const tr = useTranslator();
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex min-w-0 items-center gap-3">
        {organization.avatar_url ? (
          <img
            src={organization.avatar_url}
            alt=""
            width={36}
            height={36}
            className="size-9 rounded-full object-cover ring-1 ring-zinc-200 dark:ring-zinc-700"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-sm font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
          >
            {organization.name.trim().charAt(0).toUpperCase() || "?"}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {organization.name}
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{tr.t("portal.title")}</p>
        </div>
      </div>
      {signedIn ? (
        <div className="flex min-w-0 items-center gap-3">
          {signedIn.email ? (
            <p className="min-w-0 truncate text-sm text-zinc-600 dark:text-zinc-400">
              <span className="sr-only">{tr.t("portal.signedInAs")} </span>
              {signedIn.email}
            </p>
          ) : null}
          <button type="button" onClick={signedIn.onSignOut} className={SECONDARY}>
            {tr.t("portal.signOut")}
          </button>
        </div>
      ) : null}
    </header>
  );
}
