"use client";
// The search box's answers, grouped by kind, each a link to its page in the dashboard.
import Link from "next/link";
import { formatMoney } from "@/lib/money";
import type { SearchResults } from "../hooks/search";

type Row = { id: string; href: string; title: string; detail: string };

function groupsOf(results: SearchResults, orgPath: (path: string) => string) {
  return [
    {
      label: "Customers",
      rows: results.customers.map<Row>((c) => ({
        id: c.id,
        href: orgPath(`/customers/${c.id}`),
        title: c.email,
        detail: c.name ?? "",
      })),
    },
    {
      label: "Orders",
      rows: results.orders.map<Row>((o) => ({
        id: o.id,
        href: orgPath(`/orders/${o.id}`),
        title: o.invoice_number,
        detail: `${formatMoney(o.amount, o.currency)} · ${o.customer_email}`,
      })),
    },
    {
      label: "License keys",
      rows: results.license_keys.map<Row>((k) => ({
        id: k.id,
        href: orgPath(`/license-keys/${k.id}`),
        title: k.display_key,
        detail: `${k.status} · ${k.customer_email}`,
      })),
    },
  ].filter((group) => group.rows.length > 0);
}

export function SearchResultList({
  results,
  query,
  orgPath,
  onPick,
}: {
  results: SearchResults;
  query: string;
  orgPath: (path: string) => string;
  onPick: () => void;
}) {
  const groups = groupsOf(results, orgPath);
  if (groups.length === 0) {
    return <p className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">No results for “{query}”.</p>;
  }
  return (
    <div className="space-y-3 py-1">
      {groups.map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h2 className="px-3 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            {group.label}
          </h2>
          <ul>
            {group.rows.map((row) => (
              <li key={row.id}>
                <Link
                  href={row.href}
                  onClick={onPick}
                  className="block rounded-md px-3 py-1.5 hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
                >
                  <span className="block truncate text-sm font-medium">{row.title}</span>
                  {row.detail ? (
                    <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {row.detail}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
