"use client";
// The buyer's files (a downloadables benefit's): name, size and a Download link, signed by the server
// for ten minutes (the list is read again before they expire). Nothing when they have none.
import { useTranslator } from "@/components/i18n/translator-context";
import { useDownloadables } from "./hooks";
import { LINK, Panel, QueryState } from "./ui";

export function Downloads() {
  const tr = useTranslator();
  const downloads = useDownloadables();
  // A buyer without files sees no empty panel.
  if (downloads.isSuccess && downloads.data.items.length === 0) return null;
  return (
    <Panel title={tr.t("portal.downloads")}>
      <QueryState query={downloads} what="downloads">
        {() => (
          <ul aria-label="Downloads" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {downloads.data!.items.map((item) => (
              <li
                key={item.id}
                data-testid="portal-download"
                className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0"
              >
                <span className="min-w-0 wrap-anywhere text-zinc-900 dark:text-zinc-100">
                  {item.file.name}
                  <span className="ml-2 text-sm text-zinc-500 dark:text-zinc-400">
                    {item.file.size_readable}
                  </span>
                </span>
                <a className={`${LINK} text-sm`} href={item.file.download.url} download={item.file.name}>
                  Download <span className="sr-only">{item.file.name}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
