"use client";
// The signed-in frame of every organization page: navigation, organization switcher, sign-out.
// A missing or expired session sends the merchant to sign-in and back here afterwards.
import { useEffect, type ReactNode } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { isUnauthenticated } from "@/components/api-client";
import { useSession, useSignOut } from "./hooks/session";
import { signInPath } from "./next-path";
import { OrganizationProvider } from "./organization";
import { buttonClasses, Button } from "./ui/button";
import { ErrorState, Skeleton } from "./ui/states";

const NAV = [
  { path: "", label: "Overview" },
  { path: "/orders", label: "Orders" },
  { path: "/products", label: "Products" },
  { path: "/benefits", label: "Benefits" },
  { path: "/customers", label: "Customers" },
  { path: "/license-keys", label: "License keys" },
  { path: "/discounts", label: "Discounts" },
  { path: "/custom-fields", label: "Custom fields" },
  { path: "/checkouts", label: "Checkouts" },
  { path: "/checkout-links", label: "Checkout links" },
  { path: "/subscriptions", label: "Subscriptions" },
  { path: "/emails", label: "Emails" },
  { path: "/settings", label: "Settings" },
  { path: "/tokens", label: "Access tokens" },
  { path: "/webhooks", label: "Webhooks" },
] as const;

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
  const router = useRouter();
  const signOut = useSignOut();
  useRedirectToSignIn(isUnauthenticated(session.error));

  if (session.isPending || isUnauthenticated(session.error)) {
    return (
      <div role="status" aria-label="Loading" className="mx-auto max-w-6xl space-y-4 p-8">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
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

  const base = `/dashboard/${slug}`;
  const section = pathname.slice(base.length);
  const isActive = (path: string) =>
    path === "" ? section === "" || section === "/" : section === path || section.startsWith(`${path}/`);

  return (
    <OrganizationProvider value={organization}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
        <aside className="border-b border-zinc-200 bg-zinc-50 p-4 lg:min-h-screen lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-900/50">
          <div className="flex flex-wrap items-center justify-between gap-3 lg:block">
            <Link href={base} className="block font-semibold tracking-tight">
              Digital Sales
            </Link>
            <label className="block text-xs text-zinc-500 lg:mt-6 dark:text-zinc-400">
              <span className="sr-only lg:not-sr-only">Organization</span>
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
          </div>
          <nav aria-label="Dashboard" className="mt-4 flex gap-1 overflow-x-auto lg:mt-6 lg:flex-col">
            {NAV.map((item) => (
              <Link
                key={item.path}
                href={base + item.path}
                aria-current={isActive(item.path) ? "page" : undefined}
                className={`rounded-md px-3 py-2 text-sm whitespace-nowrap ${
                  isActive(item.path)
                    ? "bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
                    : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
                }`}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="mt-4 flex items-center justify-between gap-2 border-t border-zinc-200 pt-4 text-xs lg:mt-10 lg:block dark:border-zinc-800">
            <p className="truncate text-zinc-500 dark:text-zinc-400" title={session.data.user.email}>
              {session.data.user.email}
            </p>
            <Link
              href={`${base}/password`}
              aria-current={isActive("/password") ? "page" : undefined}
              className="rounded-md px-2.5 py-1 whitespace-nowrap text-zinc-700 hover:bg-zinc-100 lg:mt-2 lg:-ml-2.5 lg:inline-block dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              Change password
            </Link>
            <a
              href="/docs"
              className="rounded-md px-2.5 py-1 whitespace-nowrap text-zinc-700 hover:bg-zinc-100 lg:mt-2 lg:-ml-2.5 lg:block dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              API reference
            </a>
            <Button
              size="sm"
              variant="ghost"
              className="lg:mt-2 lg:-ml-2.5"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, { onSettled: () => router.replace("/dashboard/sign-in") })
              }
            >
              Sign out
            </Button>
          </div>
        </aside>
        <main id="main" className="min-w-0 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </OrganizationProvider>
  );
}
