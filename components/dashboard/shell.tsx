"use client";
// The signed-in frame of every organization page: grouped navigation, organization switcher,
// search, sign-out (navigation/frame.tsx). While the session loads the frame is already there with
// placeholders; a missing or expired session sends the merchant to sign-in and back afterwards.
import { useEffect, type ReactNode } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { isUnauthenticated } from "@/components/api-client";
import { useSession, useSignOut, type SessionView } from "./hooks/session";
import { ShellFrame } from "./navigation/frame";
import { activeLabel, isActivePath } from "./navigation/nav-groups";
import { SidebarNav } from "./navigation/sidebar-nav";
import { signInPath } from "./next-path";
import { OrganizationProvider } from "./organization";
import { GlobalSearch, SearchBoxPlaceholder } from "./search/global-search";
import { buttonClasses, Button } from "./ui/button";
import { ErrorState, Skeleton } from "./ui/states";

function useRedirectToSignIn(shouldRedirect: boolean) {
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    if (!shouldRedirect) return;
    router.replace(signInPath(pathname + window.location.search));
  }, [shouldRedirect, pathname, router]);
}

export function DashboardShell({ slug, children }: { slug: string; children: ReactNode }) {
  const session = useSession();
  const pathname = usePathname();
  useRedirectToSignIn(isUnauthenticated(session.error));
  const base = `/dashboard/${slug}`;
  const frame = {
    home: base,
    current: activeLabel(pathname, base),
    nav: <SidebarNav base={base} pathname={pathname} />,
  };

  if (session.isPending || isUnauthenticated(session.error)) {
    return (
      <ShellFrame
        {...frame}
        switcher={<Skeleton className="h-9 w-full" />}
        account={<Skeleton className="h-4 w-40" />}
        search={<SearchBoxPlaceholder />}
      >
        <div role="status" aria-label="Loading" className="space-y-4">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-64 w-full" />
        </div>
      </ShellFrame>
    );
  }
  if (session.isError) {
    return (
      <div className="mx-auto max-w-xl p-8">
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }

  const organizations = session.data.organizations;
  const organization = organizations.find((org) => org.slug === slug);
  if (!organization) {
    return (
      <div className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-xl font-semibold">Organization not found</h1>
        <p className="mt-2 text-sm text-zinc-500">You are not a member of “{slug}”.</p>
        {organizations[0] ? (
          <Link className={`${buttonClasses("primary")} mt-6`} href={`/dashboard/${organizations[0].slug}`}>
            Go to {organizations[0].name}
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <OrganizationProvider value={organization}>
      <ShellFrame
        {...frame}
        switcher={
          <OrganizationSwitcher
            slug={slug}
            organizations={organizations}
            section={pathname.slice(base.length)}
          />
        }
        account={
          <Account
            base={base}
            email={session.data.user.email}
            active={isActivePath(pathname, base, "/password")}
          />
        }
        search={<GlobalSearch />}
        banner={organization.livemode ? null : <TestModeBanner />}
      >
        {children}
      </ShellFrame>
    </OrganizationProvider>
  );
}

function OrganizationSwitcher({
  slug,
  organizations,
  section,
}: {
  slug: string;
  organizations: SessionView["organizations"];
  section: string;
}) {
  const router = useRouter();
  return (
    <label className="block text-xs text-zinc-500 dark:text-zinc-400">
      Organization
      <select
        aria-label="Organization"
        value={slug}
        onChange={(event) =>
          router.push(
            event.target.value === "new" // a reserved slug: no organization has it
              ? "/dashboard/new"
              : `/dashboard/${event.target.value}${section.split("/").slice(0, 2).join("/")}`,
          )
        }
        className="mt-1 block w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {organizations.map((org) => (
          <option key={org.id} value={org.slug}>
            {org.name}
          </option>
        ))}
        <option value="new">New organization…</option>
      </select>
    </label>
  );
}

function Account({ base, email, active }: { base: string; email: string; active: boolean }) {
  const router = useRouter();
  const signOut = useSignOut();
  return (
    <>
      <p className="truncate text-zinc-500 dark:text-zinc-400" title={email}>
        {email}
      </p>
      <div className="mt-2 flex flex-wrap gap-1">
        <Link
          href={`${base}/password`}
          aria-current={active ? "page" : undefined}
          className="rounded-md px-2.5 py-1 whitespace-nowrap text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          Change password
        </Link>
        <Button
          size="sm"
          variant="ghost"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSettled: () => router.replace("/dashboard/sign-in") })}
        >
          Sign out
        </Button>
      </div>
    </>
  );
}

/** A test organization's pages say so: its orders and payments are not real (docs/payments.md). */
function TestModeBanner() {
  return (
    <p
      role="note"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 sm:px-6 lg:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      Test mode — payments are not real
    </p>
  );
}
