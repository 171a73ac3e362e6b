"use client";
// The portal's small shared pieces, in the hosted checkout's look: buttons, status badges, a
// titled panel per section, a copy button, and the loading / error states of a section's data.
import { useTranslator } from "@/components/i18n/translator-context";
import type { MessageKey } from "@/lib/i18n/catalog";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Spinner } from "@/components/checkout/fields";
import type { Tone } from "./format";

const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 " +
  "disabled:cursor-not-allowed disabled:opacity-60";
export const PRIMARY = `${BUTTON} bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white`;
export const SECONDARY = `${BUTTON} border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`;
export const DANGER = `${BUTTON} bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-zinc-950 dark:hover:bg-red-400`;
export const LINK =
  "font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-400 dark:hover:text-blue-300";
export const BIG_PRIMARY = `${PRIMARY} w-full py-2.5 text-base sm:text-sm`;

const TONES: Record<Tone, string> = {
  success: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300",
  danger: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300",
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300",
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function Panel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const tr = useTranslator();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
        aria-label={tr.t("portal.copyLabel", { label })}
        className={`${SECONDARY} shrink-0`}
      >
        {copied ? tr.t("portal.copied") : tr.t("portal.copy")}
      </button>
      <span role="status" className="sr-only">
        {copied ? tr.t("portal.copiedToClipboard", { label }) : ""}
      </span>
    </>
  );
}

/** What a section holds, in the page's language. */
const WHAT = {
  account: "portal.what_account",
  orders: "portal.what_orders",
  subscriptions: "portal.what_subscriptions",
  "license keys": "portal.what_licenseKeys",
  downloads: "portal.what_downloads",
  "saved cards": "portal.what_cards",
} as const satisfies Record<string, MessageKey>;

type QueryLike = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** A section's data while it loads or when it failed (a 401 never shows: the portal signs out). */
export function QueryState({
  query,
  what,
  children,
}: {
  query: QueryLike;
  what: "account" | "orders" | "subscriptions" | "license keys" | "downloads" | "saved cards";
  children: () => ReactNode;
}) {
  const tr = useTranslator();
  const words = tr.t(WHAT[what]);
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
        <Spinner /> {tr.t("portal.loadingWhat", { what: words })}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="text-sm text-red-700 dark:text-red-400">
        <p>
          {tr.t("portal.loadFailedWhat", { what: words })}{" "}
          {query.error instanceof Error && query.error.message ? query.error.message : ""}
        </p>
        <button type="button" className={`${SECONDARY} mt-2`} onClick={() => void query.refetch()}>
          {tr.t("portal.tryAgain")}
        </button>
      </div>
    );
  }
  return <>{children()}</>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}
