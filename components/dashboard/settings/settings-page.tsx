"use client";
// /dashboard/<org>/settings: the organization's details and subscription settings, its seller
// details (legal name, address, tax ID), its payments
// (the processor and Stripe's keys), its tax rates, its offline-license public key, its id (what API calls take), and where its access tokens are
// managed.
import Link from "next/link";
import { useOrganizationDetail, useTaxRates } from "../hooks/organizations";
import { useOrganization, useOrgPath } from "../organization";
import { DetailSkeleton, NotFoundOrError } from "../kit/detail-frame";
import { Card, CopyButton, PageHeader } from "../ui/misc";
import { linkClass } from "../ui/table";
import { OrganizationForm } from "./organization-form";
import { LicensePublicKeyCard } from "./license-public-key-card";
import { PaymentsCard } from "./payments-card";
import { SellerDetailsForm } from "./seller-details-form";
import { CurrenciesForm } from "./currencies-form";
import { TaxBehaviorSetting } from "./tax-behavior-setting";
import { TaxRatesEditor } from "./tax-rates-editor";

export function SettingsPage() {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const detail = useOrganizationDetail(organization.id);
  const taxRates = useTaxRates(organization.id);
  return (
    <div className="space-y-6">
      <PageHeader title="Settings">{organization.name}</PageHeader>
      {detail.isPending ? (
        <DetailSkeleton />
      ) : detail.isError ? (
        <NotFoundOrError error={detail.error} what="Organization" retry={() => void detail.refetch()} />
      ) : (
        <>
          <OrganizationForm key={detail.data.id} organization={detail.data} />
          <SellerDetailsForm key={`seller-${detail.data.id}`} organization={detail.data} />
          <CurrenciesForm key={`currencies-${detail.data.id}`} organization={detail.data} />
        </>
      )}
      <PaymentsCard />
      {taxRates.isPending ? (
        <DetailSkeleton />
      ) : taxRates.isError ? (
        <NotFoundOrError error={taxRates.error} what="Tax rates" retry={() => void taxRates.refetch()} />
      ) : (
        <TaxRatesEditor
          organizationId={organization.id}
          rates={taxRates.data.tax_rates}
          intro={detail.data ? <TaxBehaviorSetting organization={detail.data} /> : null}
        />
      )}
      <LicensePublicKeyCard organizationId={organization.id} />
      <Card title="API access">
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-zinc-500 dark:text-zinc-400">Organization ID</span>
          <code className="font-mono text-xs">{organization.id}</code>
          <CopyButton value={organization.id} label="Copy ID" />
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          Programs call the API with an organization access token.{" "}
          <Link href={orgPath("/tokens")} className={linkClass}>
            Manage tokens
          </Link>
        </p>
      </Card>
    </div>
  );
}
