"use client";
// Small shared pieces: page header, status badge, copy button, detail lists, cards.
import { useState, type ReactNode } from "react";
import { Button } from "./button";

export function PageHeader({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {children ? <div className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{children}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

const TONES = {
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  red: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  amber: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  blue: "bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200",
  zinc: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "zinc", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** A URL to paste elsewhere (a checkout link, a webhook endpoint): selectable, with a Copy button. */
export function CopyableUrl({ url, testId }: { url: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code
        data-testid={testId}
        className="min-w-0 rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all select-all dark:bg-zinc-800"
      >
        {url}
      </code>
      <CopyButton value={url} label="Copy URL" />
    </div>
  );
}

export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
        } catch {
          // Clipboard refused (insecure context): select-and-copy stays possible on the shown value.
          return;
        }
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </Button>
  );
}

export function Card({
  title,
  children,
  actions,
}: {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      {title || actions ? (
        <div className="mb-4 flex items-center justify-between gap-2">
          {title ? <h2 className="font-semibold">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** Label/value rows; a null or empty value shows a dash. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0 break-words">
            {value === null || value === undefined || value === "" ? "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A `DetailList` row whose value is an identifier in monospace. */
export function codeItem(label: string, value: string | null): [string, ReactNode] {
  return [
    label,
    value ? (
      <code key={label} className="font-mono text-xs">
        {value}
      </code>
    ) : null,
  ];
}

/** A value to copy whole (a link, a key, a token shown once), with its Copy button and more actions. */
export function CopyableValue({
  value,
  copyLabel,
  testId,
  onPanel = false,
  children,
}: {
  value: string;
  copyLabel: string;
  testId: string;
  /** On a coloured panel: a white background instead of grey. */
  onPanel?: boolean;
  children?: ReactNode;
}) {
  const background = onPanel ? "bg-white dark:bg-zinc-900" : "bg-zinc-100 dark:bg-zinc-800";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <code
        data-testid={testId}
        className={`rounded px-2 py-1 font-mono text-sm break-all select-all ${background}`}
      >
        {value}
      </code>
      <CopyButton value={value} label={copyLabel} />
      {children}
    </div>
  );
}
