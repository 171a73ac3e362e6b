"use client";
// The grouped links of the dashboard's sidebar (./nav-groups.ts); the current page is marked with
// aria-current. The API reference is a page of its own outside the dashboard.
import Link from "next/link";
import { isActivePath, NAV_GROUPS } from "./nav-groups";

const linkClasses = (active: boolean) =>
  `block rounded-md px-3 py-1.5 text-sm whitespace-nowrap ${
    active
      ? "bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
      : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
  }`;

export function SidebarNav({ base, pathname }: { base: string; pathname: string }) {
  return (
    <nav aria-label="Dashboard" className="space-y-4">
      {NAV_GROUPS.map((group) => {
        const headingId = `nav-group-${group.label.toLowerCase()}`;
        // A group of one (Settings) needs no heading of its own.
        const titled = group.items.length > 1;
        return (
          <div key={group.label}>
            {titled ? (
              <p
                id={headingId}
                className="px-3 pb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
              >
                {group.label}
              </p>
            ) : null}
            <ul aria-labelledby={titled ? headingId : undefined} className="space-y-0.5">
              {group.items.map((item) => {
                if (item.external) {
                  return (
                    <li key={item.path}>
                      <a href={item.path} className={linkClasses(false)}>
                        {item.label}
                      </a>
                    </li>
                  );
                }
                const active = isActivePath(pathname, base, item.path);
                return (
                  <li key={item.path}>
                    <Link
                      href={base + item.path}
                      aria-current={active ? "page" : undefined}
                      className={linkClasses(active)}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
