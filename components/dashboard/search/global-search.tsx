"use client";
// The search box above every dashboard page: customers by email or name, orders by number, license
// keys by key or its last characters (GET /v1/search). "/" focuses it from anywhere; the answers
// open below it, grouped, as links; Escape or a click elsewhere closes them; arrow keys move from
// the box through the links. Its names say "Find", not "Search": list pages have a "Search" field.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useOrganization, useOrgPath } from "../organization";
import { SEARCH_MAX_LENGTH, useSearch } from "../hooks/search";
import { useDebouncedValue } from "../use-debounced-value";
import { SearchResultList } from "./search-results";
import { isSearchShortcut } from "./shortcut";

const FIELD =
  "block w-full rounded-md border border-zinc-300 bg-white py-1.5 pr-8 pl-3 text-sm placeholder:text-zinc-400 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900";

/** The box's look without an organization yet (the session is loading). */
export function SearchBoxPlaceholder() {
  return (
    <div className="max-w-xl">
      <input aria-label="Search" disabled placeholder="Search…" className={`${FIELD} opacity-60`} />
    </div>
  );
}

export function GlobalSearch() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(text.trim(), 200);
  const search = useSearch(organization.id, query);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!isSearchShortcut({ ...pick(event), target })) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const close = () => setOpen(false);
  const links = () => [...(panelRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      inputRef.current?.focus(); // before closing: focusing the box opens the answers again
      close();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = links();
    if (all.length === 0) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? Math.min(at + 1, all.length - 1) : at - 1;
    if (next < 0) inputRef.current?.focus();
    else all[next]!.focus();
  };

  const showPanel = open && query.length > 0;
  return (
    <div
      role="search"
      className="relative max-w-xl"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <label htmlFor={`${panelId}-input`} className="sr-only">
        Find a customer, order or license key
      </label>
      <input
        ref={inputRef}
        id={`${panelId}-input`}
        type="search"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search email, order number, license key…"
        aria-controls={panelId}
        aria-expanded={showPanel}
        aria-keyshortcuts="/"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        className={FIELD}
      />
      {text ? null : ( // the field's own clear button takes the place once there is text
        <kbd
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-zinc-300 px-1.5 text-xs text-zinc-500 dark:border-zinc-700"
        >
          /
        </kbd>
      )}
      <div
        ref={panelRef}
        id={panelId}
        role="region"
        aria-label="Find results"
        aria-live="polite"
        aria-busy={search.isFetching}
        hidden={!showPanel}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      >
        {!showPanel ? null : search.isError ? (
          <p className="px-3 py-2 text-sm text-red-700 dark:text-red-300">The search failed. Try again.</p>
        ) : search.data ? (
          <SearchResultList results={search.data} query={query} orgPath={orgPath} onPick={close} />
        ) : (
          <p className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">Searching…</p>
        )}
      </div>
    </div>
  );
}

function pick(event: globalThis.KeyboardEvent) {
  const { key, ctrlKey, metaKey, altKey, defaultPrevented } = event;
  return { key, ctrlKey, metaKey, altKey, defaultPrevented };
}
