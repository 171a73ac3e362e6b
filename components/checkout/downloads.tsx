// A downloadables benefit's files on the confirmation page: each a link signed for ten minutes
// (the portal lists them again later, with fresh links).
import type { CheckoutBenefit } from "./api";
import { useTranslator } from "@/components/i18n/translator-context";

export function BenefitDownloads({ downloads }: { downloads: CheckoutBenefit["downloads"] }) {
  const tr = useTranslator();
  if (!downloads.length) return null;
  return (
    <ul aria-label={tr.t("confirmation.downloads")} className="mt-2 space-y-1.5">
      {downloads.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="min-w-0 wrap-anywhere text-zinc-700 dark:text-zinc-300">
            {file.name} <span className="text-zinc-500 dark:text-zinc-400">{file.size_readable}</span>
          </span>
          <a
            href={file.url}
            download={file.name}
            data-testid="benefit-download"
            className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-400"
          >
            {tr.t("confirmation.download")} <span className="sr-only">{file.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
