// GET /portal/{organization slug} — the customer portal: buyers sign in with an emailed code and
// find their orders, receipts, license keys and subscriptions. The server reads the organization
// (and answers 404 for an unknown one); everything signed-in runs in the browser with the token.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { headers } from "next/headers";
import { pageLocale } from "@/lib/i18n/page-locale";
import { pageMessages } from "@/lib/i18n/translate";
import { Portal } from "@/components/portal/portal";
import { loadPortalOrganization } from "./load-organization";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ locale?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const organization = await loadPortalOrganization(slug);
  return {
    title: organization ? `${organization.name} · Customer portal` : "Portal not found",
    robots: { index: false, follow: false },
    // A sign-in link carries the session token until the page removes it: never in a Referer.
    referrer: "no-referrer",
  };
}

/** The namespaces of the catalog the portal uses (its browser gets only these). */
const PORTAL_NAMESPACES = ["common", "checkout", "confirmation", "errors", "devices", "portal"] as const;

export default async function PortalPage({ params, searchParams }: Props) {
  await connection();
  const { slug } = await params;
  const organization = await loadPortalOrganization(slug);
  if (!organization) notFound();
  // The portal knows the buyer only once they sign in, in the browser: `?locale=` (the links of
  // the buyer's emails carry theirs), else the browser's language (docs/i18n.md).
  const locale = pageLocale({
    query: (await searchParams).locale,
    acceptLanguage: (await headers()).get("accept-language"),
  });
  return (
    <Portal organization={organization} locale={locale} messages={pageMessages(locale, PORTAL_NAMESPACES)} />
  );
}
