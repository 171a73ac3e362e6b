"use client";
// The buyer's license keys in full, each with Copy, its status and terms, Replace key
// (./rotate-key.tsx), and its devices (with Deactivate when the merchant lets buyers manage them:
// ./devices.tsx).
import { useTranslator } from "@/components/i18n/translator-context";
import type { PortalLicenseKey } from "./api";
import { Devices } from "./devices";
import { RotateKey } from "./rotate-key";
import { licenseKeyFacts, licenseKeyStatus } from "./format";
import { useLicenseKeys } from "./hooks";
import { Badge, CopyButton, Empty, Panel, QueryState } from "./ui";

function LicenseKeyCard({ licenseKey: key }: { licenseKey: PortalLicenseKey }) {
  const tr = useTranslator();
  const status = licenseKeyStatus(key, tr);
  const title = key.product?.name ?? key.benefit.description;
  return (
    <li data-testid="portal-license-key" className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">{title}</h3>
          {key.product ? (
            <p className="text-sm wrap-anywhere text-zinc-600 dark:text-zinc-400">
              {key.benefit.description}
            </p>
          ) : null}
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <div className="mt-3 flex items-start gap-2">
        <code
          data-testid="license-key"
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-sm break-all text-zinc-900 select-all dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {key.key}
        </code>
        <CopyButton value={key.key} label={tr.t("portal.licenseKeyFor", { product: title })} />
      </div>
      <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{licenseKeyFacts(key, tr)}</p>
      {key.status === "revoked" ? null : <RotateKey licenseKeyId={key.id} title={title} />}
      <Devices licenseKey={key} />
    </li>
  );
}

export function LicenseKeys() {
  const tr = useTranslator();
  const keys = useLicenseKeys();
  return (
    <Panel title={tr.t("portal.licenseKeys")}>
      <QueryState query={keys} what="license keys">
        {() =>
          keys.data?.items.length ? (
            <ul
              aria-label={tr.t("portal.licenseKeys")}
              className="divide-y divide-zinc-200 dark:divide-zinc-800"
            >
              {keys.data.items.map((key) => (
                <LicenseKeyCard key={key.id} licenseKey={key} />
              ))}
            </ul>
          ) : (
            <Empty>{tr.t("portal.noLicenseKeys")}</Empty>
          )
        }
      </QueryState>
    </Panel>
  );
}
