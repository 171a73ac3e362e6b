"use client";
// The dashboard's frame: a sidebar that stays in view while the page scrolls (large screens), a
// menu button that opens it on phones, a search bar above every page, and the page itself. The
// shell renders it while the session loads too, with placeholders, so a full page load keeps the
// frame instead of a blank page.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";

type Props = {
  home: string;
  /** What the phone's menu button says besides "Menu": the current page's name. */
  current?: string | null;
  switcher: ReactNode;
  nav: ReactNode;
  account: ReactNode;
  search: ReactNode;
  /** Above every page (a test organization's "Test mode" banner). */
  banner?: ReactNode;
  children: ReactNode;
};

export function ShellFrame({ home, current, switcher, nav, account, search, banner, children }: Props) {
  const pathname = usePathname();
  // Open on the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-30 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <div className="min-h-screen lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="border-b border-zinc-200 bg-zinc-50 lg:sticky lg:top-0 lg:h-screen lg:overflow-y-auto lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-center justify-between gap-3 px-4 py-3 lg:pt-5">
            <Link href={home} className="font-semibold tracking-tight">
              Digital Sales
            </Link>
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls="dashboard-menu"
              onClick={() => setOpenOn(menuOpen ? null : pathname)}
              className="inline-flex items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 lg:hidden dark:border-zinc-700 dark:bg-zinc-900"
            >
              <span aria-hidden>{menuOpen ? "✕" : "☰"}</span>
              Menu
              {current ? <span className="sr-only">, on {current}</span> : null}
            </button>
          </div>
          <div id="dashboard-menu" className={`${menuOpen ? "block" : "hidden"} px-4 pb-4 lg:block`}>
            {switcher}
            <div className="mt-5">{nav}</div>
            <div className="mt-6 border-t border-zinc-200 pt-4 text-xs dark:border-zinc-800">{account}</div>
          </div>
        </aside>
        <div className="min-w-0">
          {banner}
          <div className="sticky top-0 z-20 border-b border-zinc-200 bg-white/95 px-4 py-2 backdrop-blur sm:px-6 lg:px-8 dark:border-zinc-800 dark:bg-zinc-950/95">
            {search}
          </div>
          <main id="main" className="min-w-0 p-4 sm:p-6 lg:p-8">
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
