// A page for a session that can no longer be paid, or for a secret that matches no session.
import type { ReactNode } from "react";

type Tone = "neutral" | "warning" | "error";

const TONES: Record<Tone, string> = {
  neutral: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
  warning: "bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300",
  error: "bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300",
};

const ICONS: Record<Tone, ReactNode> = {
  neutral: (
    <path d="M9.75 9.75h.008v.008H9.75V9.75Zm4.5 0h.008v.008h-.008V9.75ZM12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z" />
  ),
  warning: <path d="M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />,
  error: <path d="M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z" />,
};

type Props = {
  title: string;
  tone?: Tone;
  header?: ReactNode;
  children: ReactNode;
};

export function StatusMessage({ title, tone = "neutral", header, children }: Props) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col px-5 py-12 sm:py-20">
      {header ? <div className="mb-10">{header}</div> : null}
      <div className="rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <span className={`flex size-11 items-center justify-center rounded-full ${TONES[tone]}`}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-6"
          >
            {ICONS[tone]}
          </svg>
        </span>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
        <div className="mt-2 space-y-3 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{children}</div>
      </div>
    </main>
  );
}
