"use client";
// "Rotate key": asks first (the current key stops working at once), then gives the key a new
// value; the caller shows it.
import { useState } from "react";
import { useRotateLicenseKey, type LicenseKeyDetail } from "../hooks/license-keys";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";

type Props = {
  licenseKey: Pick<LicenseKeyDetail, "id">;
  /** Called with the new value once the rotation is saved. */
  onRotated: (key: string) => void;
};

export function RotateKeyButton({ licenseKey, onRotated }: Props) {
  const [open, setOpen] = useState(false);
  const rotate = useRotateLicenseKey(licenseKey.id);
  const notify = useToast();
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Rotate key
      </Button>
      <ConfirmDialog
        open={open}
        title="Rotate this license key?"
        confirmLabel="Rotate key"
        variant="danger"
        busy={rotate.isPending}
        error={rotate.error?.message}
        onCancel={() => {
          setOpen(false);
          rotate.reset();
        }}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (key) => {
              setOpen(false);
              notify("License key rotated");
              onRotated(key.key);
            },
          })
        }
      >
        The current key stops working at once: the customer&apos;s software must use the new one. Activations,
        usage, limits and expiry stay as they are.
      </ConfirmDialog>
    </>
  );
}
