"use client";
// The signed-in portal: first who the session belongs to (a session of another organization's
// customer shows nothing here and goes back to sign-in), then subscriptions, keys and orders.
import { useTranslator } from "@/components/i18n/translator-context";
import { useEffect } from "react";
import { Spinner } from "@/components/checkout/fields";
import { usePortalSession, useMe } from "./hooks";
import { LicenseKeys } from "./license-keys";
import { Downloads } from "./downloads";
import { EmailSection } from "./email-change";
import { Orders } from "./orders";
import { SavedCards } from "./saved-cards";
import { Subscriptions } from "./subscriptions";
import { QueryState } from "./ui";

export function Overview({ onForeignSession }: { onForeignSession: () => void }) {
  const tr = useTranslator();
  const { organization } = usePortalSession();
  const me = useMe();
  const customer = me.data;
  const foreign = !!customer && customer.organization.id !== organization.id;

  useEffect(() => {
    if (foreign) onForeignSession();
  }, [foreign, onForeignSession]);

  if (foreign) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
        <Spinner /> {tr.t("portal.signingOut")}
      </p>
    );
  }
  return (
    <QueryState query={me} what="account">
      {() => (
        <div className="space-y-6">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
              {tr.t("portal.yourPurchases")}
            </h1>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {customer?.name
                ? tr.t("portal.introNamed", { name: customer.name, organization: organization.name })
                : tr.t("portal.intro", { organization: organization.name })}
            </p>
          </div>
          <Subscriptions />
          <SavedCards />
          <LicenseKeys />
          <Downloads />
          <Orders />
          <EmailSection />
        </div>
      )}
    </QueryState>
  );
}
