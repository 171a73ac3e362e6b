"use client";
// Pieces of the detail pages (keys, activations, checkout sessions): the link back to the list,
// a loading skeleton, "not found" told apart from other failures, and the frame that puts them
// around a page's one query.
import type { ReactNode } from "react";
import Link from "next/link";
import type { UseQueryResult } from "@tanstack/react-query";
import { ApiRequestError } from "@/components/api-client";
import { EmptyState, ErrorState, Skeleton } from "./states";

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
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

export function NotFoundOrError({ error, what, retry }: { error: unknown; what: string; retry: () => void }) {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState title={`${what} not found`}>
        It does not exist or belongs to another organization.
      </EmptyState>
    );
  }
  return <ErrorState error={error} onRetry={retry} />;
}

/** A detail page around its query: the back link, then the skeleton, the failure, or the page. */
export function DetailFrame<T>({
  back,
  query,
  what,
  children,
}: {
  back: { href: string; label: string };
  query: UseQueryResult<T>;
  /** What the page shows, for "… not found". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <BackLink href={back.href}>{back.label}</BackLink>
      {query.isPending ? (
        <DetailSkeleton />
      ) : query.isError ? (
        <NotFoundOrError error={query.error} what={what} retry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </>
  );
}
