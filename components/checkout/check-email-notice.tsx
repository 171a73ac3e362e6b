// What the page says when the server sent the next step by email (a subscription checkout for an
// address that already subscribes, lib/checkout/existing-subscription.ts): only "check your email",
// which tells nobody whether the address subscribes, and the way to the customer portal.
import { useTranslator } from "@/components/i18n/translator-context";

type Props = { message: string; organization: { name: string; slug: string } };

export function CheckEmailNotice({ message, organization }: Props) {
  const tr = useTranslator();
  return (
    <div
      role="status"
      className="rounded-lg border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:border-blue-500/40 dark:bg-blue-500/10 dark:text-blue-100"
    >
      <p>{message}</p>
      <p className="mt-1">
        {tr.t("checkout.alreadyCustomer", { organization: organization.name })}{" "}
        <a
          href={`/portal/${encodeURIComponent(organization.slug)}`}
          target="_blank"
          rel="noopener"
          className="font-semibold underline underline-offset-2"
        >
          {tr.t("checkout.openPortal")}
        </a>
      </p>
    </div>
  );
}
