// "Find this again in the customer portal": the line the checkout's confirmation shows under the
// purchase. Tiny on purpose (it rides in the confirmation's chunk); a new tab, because an embedded
// checkout's iframe may not show the portal (X-Frame-Options: DENY).
import { useTranslator } from "@/components/i18n/translator-context";
export function PortalLink({ organization }: { organization: { slug: string } }) {
  const tr = useTranslator();
  // One sentence for the translators, the link where its {portal} placeholder is.
  const [before = "", after = ""] = tr.t("confirmation.portalLink").split("{portal}");
  return (
    <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
      {before}
      <a
        href={`/portal/${encodeURIComponent(organization.slug)}`}
        target="_blank"
        rel="noopener"
        className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400"
      >
        {tr.t("confirmation.portalLinkText")}
      </a>
      {after}
    </p>
  );
}
