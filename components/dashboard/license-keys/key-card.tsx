"use client";
// The key page's "Key" card: the full key to copy, and its rotation (the new value is shown in
// place, with a reminder that the old one no longer works).
import { useState } from "react";
import type { LicenseKeyDetail } from "../hooks/license-keys";
import { Card, CopyButton } from "../ui/misc";
import { RotateKeyButton } from "./rotate-key-button";

export function KeyCard({ licenseKey }: { licenseKey: Pick<LicenseKeyDetail, "id" | "key"> }) {
  const [rotatedTo, setRotatedTo] = useState<string | null>(null);
  return (
    <Card title="Key">
      <div className="flex flex-wrap items-center gap-3">
        <code
          data-testid="license-key-value"
          className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all select-all dark:bg-zinc-800"
        >
          {licenseKey.key}
        </code>
        <CopyButton value={licenseKey.key} label="Copy key" />
        <RotateKeyButton licenseKey={licenseKey} onRotated={setRotatedTo} />
      </div>
      {rotatedTo !== null && rotatedTo === licenseKey.key ? (
        <p data-testid="license-key-rotated" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          This is the new key. The previous one no longer works: send this one to the customer.
        </p>
      ) : null}
    </Card>
  );
}
