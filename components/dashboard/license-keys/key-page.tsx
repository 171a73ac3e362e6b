"use client";
// /dashboard/<org>/license-keys/<id>: the full key (copyable, rotatable), its state, limits and
// dates, the merchant's actions, and the devices it is activated on.
import Link from "next/link";
import { formatDateTime } from "../format";
import { useLicenseKey, type LicenseKeyDetail } from "../hooks/license-keys";
import { useBenefits } from "../hooks/reference";
import { useOrganization, useOrgPath } from "../organization";
import { Card, DetailList, PageHeader } from "../ui/misc";
import { EmptyState } from "../ui/states";
import { DetailFrame } from "../kit/detail-frame";
import { bodyRowClass, cellClass, headerRowClass, linkClass, Table, Th } from "../ui/table";
import { DeactivateButton } from "./deactivate-button";
import { LicenseKeyActions } from "./key-actions";
import { KeyCard } from "./key-card";
import { KeyExpiry } from "./key-expiry";
import { countOfLimit } from "./logic";
import { LicenseKeyStatusBadge } from "./status-badge";

export function LicenseKeyPage({ id }: { id: string }) {
  const orgPath = useOrgPath();
  const key = useLicenseKey(id);
  return (
    <DetailFrame
      back={{ href: orgPath("/license-keys"), label: "License keys" }}
      query={key}
      what="License key"
    >
      {(data) => <LicenseKeyView licenseKey={data} />}
    </DetailFrame>
  );
}

function LicenseKeyView({ licenseKey }: { licenseKey: LicenseKeyDetail }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const benefits = useBenefits(organization.id);
  const benefit = benefits.data?.items.find((item) => item.id === licenseKey.benefit_id);
  const activations = licenseKey.activations;

  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="font-mono">{licenseKey.display_key}</span>
            <span aria-live="polite" data-testid="license-key-status">
              <LicenseKeyStatusBadge status={licenseKey.status} />
            </span>
          </span>
        }
        actions={<LicenseKeyActions licenseKey={licenseKey} />}
      >
        Issued to {licenseKey.customer.email} on {formatDateTime(licenseKey.created_at)}
      </PageHeader>

      <KeyCard licenseKey={licenseKey} />

      <Card title="Details">
        <DetailList
          items={[
            ["Status", <LicenseKeyStatusBadge key="status" status={licenseKey.status} />],
            [
              "Customer",
              <span key="customer">
                {licenseKey.customer.email}
                {licenseKey.customer.name ? (
                  <span className="text-zinc-500 dark:text-zinc-400"> · {licenseKey.customer.name}</span>
                ) : null}
              </span>,
            ],
            ["Benefit", benefit?.description ?? licenseKey.benefit_id],
            [
              "Order",
              licenseKey.order_id ? (
                <Link key="order" href={orgPath(`/orders/${licenseKey.order_id}`)} className={linkClass}>
                  View order
                </Link>
              ) : null,
            ],
            [
              "Usage",
              <span key="usage" data-testid="license-key-usage">
                {countOfLimit(licenseKey.usage, licenseKey.limit_usage)}
              </span>,
            ],
            [
              "Activations",
              <span key="activations" data-testid="license-key-activations">
                {countOfLimit(activations.length, licenseKey.limit_activations)}
              </span>,
            ],
            ["Validations", String(licenseKey.validations)],
            ["Last validated", formatDateTime(licenseKey.last_validated_at)],
            [
              "Expires",
              <span key="expires" data-testid="license-key-expires">
                <KeyExpiry licenseKey={licenseKey} />
              </span>,
            ],
            ["Created", formatDateTime(licenseKey.created_at)],
            ["Modified", formatDateTime(licenseKey.modified_at)],
            [
              "ID",
              <code key="id" className="font-mono text-xs">
                {licenseKey.id}
              </code>,
            ],
          ]}
        />
      </Card>

      <section aria-labelledby="activations-heading">
        <h2 id="activations-heading" className="mb-3 font-semibold">
          Activations
        </h2>
        {activations.length === 0 ? (
          <EmptyState title="No activations">
            {licenseKey.limit_activations === null
              ? "This key has no activation limit, so the software does not need to activate it."
              : "The customer's software has not activated this key on any device yet."}
          </EmptyState>
        ) : (
          <Table label="Activations">
            <thead>
              <tr className={headerRowClass}>
                <Th>Label</Th>
                <Th>Activated</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {activations.map((activation) => (
                <tr key={activation.id} className={bodyRowClass}>
                  <td className={cellClass}>{activation.label}</td>
                  <td className={cellClass}>{formatDateTime(activation.created_at)}</td>
                  <td className={`${cellClass} text-right whitespace-nowrap`}>
                    <Link
                      href={orgPath(`/license-keys/${licenseKey.id}/activations/${activation.id}`)}
                      className="mr-3 rounded text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
                    >
                      View<span className="sr-only"> activation {activation.label}</span>
                    </Link>
                    <DeactivateButton licenseKey={licenseKey} activation={activation} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
