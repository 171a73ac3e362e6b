"use client";
// The kit's detail frame (docs/dashboard.md, "The kit"): the link back to the list, then around the
// page's one query a loading skeleton, "not found" told apart from other failures (with Retry), or
// the page: its title, subtitle and actions, then its sections.
import type { ReactNode } from "react";
import Link from "next/link";
import type { UseQueryResult } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api-client";
import { PageHeader } from "../ui/misc";
import { EmptyState, ErrorState, Skeleton } from "../ui/states";

export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="mb-3 inline-block rounded text-sm text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:text-zinc-200"
    >
      ← {children}
    </Link>
  );
}

export function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-4">
      <Skeleton className="h-8 w-64 max-w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

export function NotFoundOrError({ error, what, retry }: { error: unknown; what: string; retry: () => void }) {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState heading title={`${what} not found`}>
        It does not exist or belongs to another organization.
      </EmptyState>
    );
  }
  return <ErrorState error={error} onRetry={retry} />;
}

export type DetailHeader = { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode };

/** A detail page around its query: the back link, then the skeleton, the failure, or the page. */
export function DetailFrame<T>({
  back,
  query,
  what,
  header,
  children,
}: {
  back: { href: string; label: string };
  query: UseQueryResult<T>;
  /** What the page shows, for "… not found". */
  what: string;
  /** The page's title, subtitle and actions, once loaded. */
  header?: (data: T) => DetailHeader;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || query.isError) {
    return (
      <>
        <BackLink href={back.href}>{back.label}</BackLink>
        {query.isPending ? (
          <DetailSkeleton />
        ) : (
          <NotFoundOrError error={query.error} what={what} retry={() => void query.refetch()} />
        )}
      </>
    );
  }
  const head = header?.(query.data);
  return (
    <>
      <BackLink href={back.href}>{back.label}</BackLink>
      {head ? (
        <PageHeader title={head.title} actions={head.actions}>
          {head.subtitle}
        </PageHeader>
      ) : null}
      {children(query.data)}
    </>
  );
}
