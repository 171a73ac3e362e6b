"use client";
// A license key on the confirmation view: the key in full with a copy button, its terms, and, when
// its benefit lets the buyer manage them, the devices it is activated on (./devices.tsx).
import { useEffect, useState } from "react";
import type { CheckoutLicenseKey } from "./api";
import { Devices } from "./devices";
import { formatDate } from "./format";
import { useTranslator } from "@/components/i18n/translator-context";

function CopyButton({ value, label }: { value: string; label: string }) {
  const tr = useTranslator();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      aria-label={
        copied ? tr.t("confirmation.labelCopied", { label }) : tr.t("confirmation.copyLabel", { label })
      }
      className="shrink-0 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
    >
      {copied ? tr.t("confirmation.copied") : tr.t("confirmation.copy")}
    </button>
  );
}

export function LicenseKeyDetails({ licenseKey: key }: { licenseKey: CheckoutLicenseKey }) {
  const tr = useTranslator();
  const facts = [
    key.expires_at
      ? tr.t("confirmation.validUntil", { date: formatDate(key.expires_at, tr) })
      : tr.t("confirmation.neverExpires"),
    key.limit_activations ? tr.t("confirmation.upToActivations", { count: key.limit_activations }) : null,
    key.limit_usage ? tr.t("confirmation.uses", { count: key.limit_usage }) : null,
  ].filter(Boolean);
  return (
    <div className="mt-3">
      <div className="flex items-start gap-2">
        <code
          data-testid="license-key"
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-sm break-all text-zinc-900 select-all dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {key.key}
        </code>
        <CopyButton value={key.key} label={tr.t("confirmation.licenseKey")} />
      </div>
      <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{facts.join(" · ")}</p>
      {key.activations ? <Devices licenseKeyId={key.id} devices={key.activations} /> : null}
    </div>
  );
}
