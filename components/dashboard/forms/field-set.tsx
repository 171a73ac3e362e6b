"use client";
// The parts of a form's grouped controls (docs/dashboard.md, "Forms"): a fieldset with its legend,
// an optional hint and the server's message for the group; a list of checkboxes over a loaded
// list (products, benefits); and the move/remove buttons of an ordered row (images, custom fields).
import type { ReactNode } from "react";
import { Button } from "../ui/button";

/** `id` is the group's control id: the hint is `${id}-hint`, the error `${id}-error`. */
export function FieldSet({
  id,
  legend,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type ListState = { isPending: boolean; isError: boolean; error: Error | null };

/**
 * Checkboxes over a loaded list, ticked ids in `value` in the order ticked; the first box carries
 * `id` (the group's label target). While loading, on failure or when empty it says so.
 */
export function CheckboxPicker<T extends { id: string }>({
  id,
  noun,
  list,
  items,
  empty,
  value,
  onChange,
  label,
}: {
  id: string;
  /** Plural, lower case: "products". */
  noun: string;
  list: ListState;
  items: readonly T[];
  empty: ReactNode;
  value: string[];
  onChange: (ids: string[]) => void;
  label: (item: T) => ReactNode;
}) {
  if (list.isPending) return <p className="text-sm text-zinc-500">Loading {noun}…</p>;
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Could not load {noun}: {list.error?.message}
      </p>
    );
  if (items.length === 0) return <p className="text-sm text-zinc-500">{empty}</p>;
  return (
    <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
      {items.map((item, index) => (
        <label key={item.id} className="flex items-center gap-2 text-sm">
          <input
            id={index === 0 ? id : undefined}
            type="checkbox"
            checked={value.includes(item.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, item.id] : value.filter((one) => one !== item.id))
            }
          />
          {label(item)}
        </label>
      ))}
    </div>
  );
}

/** `list` with the item at `index` moved by `by` places. */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

/** Move earlier/later and remove, for row `index` of `count` named `name`. */
export function RowButtons({
  name,
  index,
  count,
  arrows,
  removeLabel,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  /** Images sit in a row (left/right), custom fields in a column (up/down). */
  arrows: "horizontal" | "vertical";
  removeLabel: string;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const [back, forward] = arrows === "horizontal" ? ["left", "right"] : ["up", "down"];
  const [backArrow, forwardArrow] = arrows === "horizontal" ? ["←", "→"] : ["↑", "↓"];
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Move ${name} ${back}`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        {backArrow}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Move ${name} ${forward}`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        {forwardArrow}
      </Button>
      <Button size="sm" variant="ghost" aria-label={removeLabel} onClick={onRemove}>
        ×
      </Button>
    </>
  );
}
