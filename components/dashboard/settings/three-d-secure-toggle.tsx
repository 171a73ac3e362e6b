"use client";
// Settings → Payments, once Stripe is connected: ask the bank for 3-D Secure on every card payment
// (PATCH /v1/organizations/{id}/payment-processor; docs/payments.md, "Card testing"). A merchant
// hit by card testing turns it on: a stolen card number then fails at the bank's step.
import { useState } from "react";
import { SaveError } from "../ui/states";
import { useChangingMutation } from "../hooks/resource";
import { organizationKeys, type PaymentProcessorSettings } from "../hooks/organizations";
import { apiFetch } from "@/components/api-client";

export function ThreeDSecureToggle({
  organizationId,
  settings,
}: {
  organizationId: string;
  settings: PaymentProcessorSettings;
}) {
  const save = useChangingMutation(
    (require_three_d_secure: boolean) =>
      apiFetch<PaymentProcessorSettings>(
        `/v1/organizations/${encodeURIComponent(organizationId)}/payment-processor`,
        {
          method: "PATCH",
          body: { require_three_d_secure },
        },
      ),
    (queryClient, saved) =>
      queryClient.setQueryData(organizationKeys.paymentProcessor(organizationId), saved),
  );
  // The switch moves in the click's own render: react-query tells its observers of a mutation on a
  // later tick, and a controlled checkbox whose value has not changed by the end of the event is put
  // back, so reading `save.variables` alone showed the old state for a moment (and Playwright's
  // check() saw the click "not change" it). Once settled, the saved settings
  // (or, after an error, the old ones) show again.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? settings.require_three_d_secure;
  return (
    <div className="space-y-1 text-sm">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5 h-4 w-4 accent-indigo-600"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => {
            setWanted(event.target.checked);
            save.mutate(event.target.checked, { onSettled: () => setWanted(null) });
          }}
        />
        <span>
          <span className="font-medium">Ask for 3-D Secure on every card</span>
          <span className="block text-zinc-600 dark:text-zinc-300">
            Every buyer confirms with their bank, whatever the card. Turn it on if stolen cards are being
            tried on your checkout.
          </span>
        </span>
      </label>
      <SaveError error={save.error} />
    </div>
  );
}
