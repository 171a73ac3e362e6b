// Loading, empty and error states shared by every dashboard page.
import type { ReactNode } from "react";
import { Button } from "./button";

export function Skeleton({ className = "h-4 w-full" }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}

/** Placeholder rows while a table loads; announced once to screen readers. */
export function TableSkeleton({ rows = 5, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <div role="status" aria-label="Loading" className="space-y-3 p-4">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex gap-4">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** `heading`: the title is the page's h1 (a detail page that found nothing). */
export function EmptyState({
  title,
  heading = false,
  children,
}: {
  title: string;
  heading?: boolean;
  children?: ReactNode;
}) {
  const Title = heading ? "h1" : "p";
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <Title className="font-medium">{title}</Title>
      {children ? <div className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="font-medium">Could not load this.</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry ? (
        <Button className="mt-4" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

/** What a save beside a control said when it failed (a switch, a select saved on change); nothing otherwise. */
export function SaveError({ error, className = "text-xs" }: { error: Error | null; className?: string }) {
  return error ? (
    <p role="alert" className={`${className} text-red-600 dark:text-red-400`}>
      {error.message}
    </p>
  ) : null;
}
