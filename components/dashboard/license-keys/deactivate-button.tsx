"use client";
// "Deactivate" on one of a key's activations: asks first, then frees the slot so the customer can
// activate the key on another device.
import { useState } from "react";
import { useDeactivateActivation, type Activation, type LicenseKeyDetail } from "../hooks/license-keys";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";

type Props = {
  licenseKey: Pick<LicenseKeyDetail, "id" | "key" | "organization_id">;
  activation: Pick<Activation, "id" | "label">;
  onDeactivated?: () => void;
};

export function DeactivateButton({ licenseKey, activation, onDeactivated }: Props) {
  const [open, setOpen] = useState(false);
  const deactivate = useDeactivateActivation(licenseKey);
  const notify = useToast();
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Deactivate<span className="sr-only"> {activation.label}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={`Deactivate ${activation.label}?`}
        confirmLabel="Deactivate"
        variant="danger"
        busy={deactivate.isPending}
        error={deactivate.error?.message}
        onCancel={() => {
          setOpen(false);
          deactivate.reset();
        }}
        onConfirm={() =>
          deactivate.mutate(activation.id, {
            onSuccess: () => {
              setOpen(false);
              notify(`${activation.label} deactivated`);
              onDeactivated?.();
            },
          })
        }
      >
        The software on this device stops being activated; the slot is free for another device.
      </ConfirmDialog>
    </>
  );
}
