"use client";
// "Deactivate" on one of a key's activations: asks first, then frees the slot so the customer can
// activate the key on another device.
import { useDeactivateActivation, type Activation, type LicenseKeyDetail } from "../hooks/license-keys";
import { ConfirmButton } from "../kit/confirm-dialog";
import { useToast } from "../ui/toast";

type Props = {
  licenseKey: Pick<LicenseKeyDetail, "id" | "key" | "organization_id">;
  activation: Pick<Activation, "id" | "label">;
  onDeactivated?: () => void;
};

export function DeactivateButton({ licenseKey, activation, onDeactivated }: Props) {
  const deactivate = useDeactivateActivation(licenseKey);
  const notify = useToast();
  return (
    <ConfirmButton
      size="sm"
      label={
        <>
          Deactivate<span className="sr-only"> {activation.label}</span>
        </>
      }
      title={`Deactivate ${activation.label}?`}
      confirmLabel="Deactivate"
      destructive
      action={deactivate}
      onConfirm={(close) =>
        deactivate.mutate(activation.id, {
          onSuccess: () => {
            close();
            notify(`${activation.label} deactivated`);
            onDeactivated?.();
          },
        })
      }
    >
      The software on this device stops being activated; the slot is free for another device.
    </ConfirmButton>
  );
}
