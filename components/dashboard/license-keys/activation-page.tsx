"use client";
// /dashboard/<org>/license-keys/<id>/activations/<activationId>: one device the key is activated
// on — its label, the meta the software sent, its dates — and the key it belongs to.
import type { ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { formatDateTime } from "../format";
import { useActivation, type Activation } from "../hooks/license-keys";
import { useOrgPath } from "../organization";
import { Card, codeItem, DetailList, PageHeader } from "../ui/misc";
import { DetailFrame } from "../kit/detail-frame";
import { DeactivateButton } from "./deactivate-button";
import { LicenseKeyStatusBadge } from "./status-badge";

/** A meta value as text: strings as they are, anything else as JSON. */
function metaText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function ActivationPage({ keyId, activationId }: { keyId: string; activationId: string }) {
  const orgPath = useOrgPath();
  const activation = useActivation(keyId, activationId);
  return (
    <DetailFrame
      back={{ href: orgPath(`/license-keys/${keyId}`), label: "License key" }}
      query={activation}
      what="Activation"
    >
      {(data) => <ActivationView activation={data} />}
    </DetailFrame>
  );
}

function ActivationView({ activation }: { activation: Activation }) {
  const orgPath = useOrgPath();
  const router = useRouter();
  const key = activation.license_key;
  const meta = Object.entries(activation.meta);
  return (
    <div className="space-y-6">
      <PageHeader
        title={activation.label}
        actions={
          <DeactivateButton
            licenseKey={key}
            activation={activation}
            onDeactivated={() => router.push(orgPath(`/license-keys/${key.id}`))}
          />
        }
      >
        Activation of {key.display_key}
      </PageHeader>
      <Card title="Activation">
        <DetailList
          items={[
            [
              "Label",
              <span key="label" data-testid="activation-label">
                {activation.label}
              </span>,
            ],
            ["Activated", formatDateTime(activation.created_at)],
            ["Modified", formatDateTime(activation.modified_at)],
            codeItem("ID", activation.id),
          ]}
        />
      </Card>
      <Card title="Meta">
        {meta.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            The software sent no meta with this activation.
          </p>
        ) : (
          <div data-testid="activation-meta">
            <DetailList
              items={meta.map(([name, value]): [string, ReactNode] => [
                name,
                <code key={name} className="font-mono text-xs break-all">
                  {metaText(value)}
                </code>,
              ])}
            />
          </div>
        )}
      </Card>
      <Card title="License key">
        <DetailList
          items={[
            [
              "Key",
              <Link
                key="key"
                href={orgPath(`/license-keys/${key.id}`)}
                className="rounded font-mono text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
              >
                {key.key}
              </Link>,
            ],
            ["Status", <LicenseKeyStatusBadge key="status" status={key.status} />],
            ["Customer", key.customer.email],
            ["Expires", key.expires_at ? formatDateTime(key.expires_at) : "Never"],
          ]}
        />
      </Card>
    </div>
  );
}
