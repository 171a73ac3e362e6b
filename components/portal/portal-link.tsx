// "Find this again in the customer portal": the line the checkout's confirmation shows under the
// purchase. Tiny on purpose (it rides in the confirmation's chunk); a new tab, because an embedded
// checkout's iframe may not show the portal (X-Frame-Options: DENY).
export function PortalLink({ organization }: { organization: { slug: string } }) {
  return (
    <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
      Your orders, receipts and license keys stay available in the{" "}
      <a
        href={`/portal/${encodeURIComponent(organization.slug)}`}
        target="_blank"
        rel="noopener"
        className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400"
      >
        customer portal
      </a>
      , where you can also manage your subscriptions.
    </p>
  );
}
