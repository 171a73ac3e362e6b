"use client";
// "Rotate key": asks first (the current key stops working at once), then gives the key a new
// value; the caller shows it.
import { useRotateLicenseKey, type LicenseKeyDetail } from "../hooks/license-keys";
import { ConfirmButton } from "../kit/confirm-dialog";
import { useToast } from "../ui/toast";

type Props = {
  licenseKey: Pick<LicenseKeyDetail, "id">;
  /** Called with the new value once the rotation is saved. */
  onRotated: (key: string) => void;
};

export function RotateKeyButton({ licenseKey, onRotated }: Props) {
  const rotate = useRotateLicenseKey(licenseKey.id);
  const notify = useToast();
  return (
    <ConfirmButton
      size="sm"
      label="Rotate key"
      title="Rotate this license key?"
      confirmLabel="Rotate key"
      destructive
      action={rotate}
      onConfirm={(close) =>
        rotate.mutate(undefined, {
          onSuccess: (key) => {
            close();
            notify("License key rotated");
            onRotated(key.key);
          },
        })
      }
    >
      The current key stops working at once: the customer&apos;s software must use the new one. Activations,
      usage, limits and expiry stay as they are.
    </ConfirmButton>
  );
}
