// GET /portal/{organization slug} — the customer portal: buyers sign in with an emailed code and
// find their orders, receipts, license keys and subscriptions. The server reads the organization
// (and answers 404 for an unknown one); everything signed-in runs in the browser with the token.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Portal } from "@/components/portal/portal";
import { loadPortalOrganization } from "./load-organization";

type Props = { params: Promise<{ slug: string }> };

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

export default async function PortalPage({ params }: Props) {
  await connection();
  const { slug } = await params;
  const organization = await loadPortalOrganization(slug);
  if (!organization) notFound();
  return <Portal organization={organization} />;
}
