"use client";
// One figure of the overview: its value over the range, a line of detail, and how it moved against
// the same number of days before (./range.ts `changeAgainst`), in words a screen reader reads too.
import type { ReactNode } from "react";
import { Skeleton } from "../ui/states";
import { changeAgainst } from "./range";

type StatProps = {
  label: string;
  loading: boolean;
  value: ReactNode;
  detail: ReactNode;
  /** The figure now and in the previous range, when both are known. */
  compare?: { current: number; previous: number; against: string } | null;
};

export function Stat({ label, loading, value, detail, compare }: StatProps) {
  return (
    <section
      aria-label={label}
      className="min-w-0 rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 className="text-sm text-zinc-500 dark:text-zinc-400">{label}</h2>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <>
          <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{value ?? "—"}</p>
          {compare ? <Change {...compare} /> : null}
          {detail ? <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{detail}</p> : null}
        </>
      )}
    </section>
  );
}

function Change({ current, previous, against }: { current: number; previous: number; against: string }) {
  const change = changeAgainst(current, previous);
  if (!change) {
    return (
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Nothing to compare with in the {against}
      </p>
    );
  }
  const { percent, direction } = change;
  const tone =
    direction === "up"
      ? "text-emerald-700 dark:text-emerald-400"
      : direction === "down"
        ? "text-rose-700 dark:text-rose-400"
        : "text-zinc-600 dark:text-zinc-400";
  const arrow = direction === "up" ? "▲" : direction === "down" ? "▼" : "■";
  const words =
    direction === "flat" ? "Unchanged" : `${direction === "up" ? "Up" : "Down"} ${Math.abs(percent)} %`;
  return (
    <p className={`mt-1 text-xs font-medium ${tone}`}>
      <span aria-hidden="true">{arrow} </span>
      {words} against the {against}
    </p>
  );
}
