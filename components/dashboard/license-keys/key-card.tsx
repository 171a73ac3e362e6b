"use client";
// The key page's "Key" card: the full key to copy, and its rotation (the new value is shown in
// place, with a reminder that the old one no longer works).
import { useState } from "react";
import type { LicenseKeyDetail } from "../hooks/license-keys";
import { Card, CopyableValue } from "../ui/misc";
import { RotateKeyButton } from "./rotate-key-button";

export function KeyCard({ licenseKey }: { licenseKey: Pick<LicenseKeyDetail, "id" | "key"> }) {
  const [rotatedTo, setRotatedTo] = useState<string | null>(null);
  return (
    <Card title="Key">
      <CopyableValue value={licenseKey.key} copyLabel="Copy key" testId="license-key-value">
        <RotateKeyButton licenseKey={licenseKey} onRotated={setRotatedTo} />
      </CopyableValue>
      {rotatedTo !== null && rotatedTo === licenseKey.key ? (
        <p data-testid="license-key-rotated" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          This is the new key. The previous one no longer works: send this one to the customer.
        </p>
      ) : null}
    </Card>
  );
}
