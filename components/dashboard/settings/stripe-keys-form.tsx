"use client";
// The form of Stripe's keys (./payments-card.tsx): the secret key, the publishable key and the
// webhook signing secret, checked in the browser (./payments-logic.ts) and then by the server,
// which asks Stripe (a refused key's 422 lands on its field). Replacing saved keys asks first. The
// fields are emptied once saved: what was pasted is not kept on the page.
import { useState } from "react";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useRecordForm } from "../forms/use-record-form";
import { useSavePaymentProcessor } from "../hooks/organizations";
import { useToast } from "../ui/toast";
import { EMPTY_STRIPE_KEYS, PAYMENT_FIELDS, stripeKeysBody } from "./payments-logic";

// A secret is typed like a password: never autofilled, spell-checked or shown over a shoulder.
const SECRET_INPUT = { type: "password", autoComplete: "off", spellCheck: false, maxLength: 255 } as const;

export function StripeKeysForm({
  organizationId,
  replacing,
  onDone,
}: {
  organizationId: string;
  /** Keys are saved already: saving replaces them, after a confirmation. */
  replacing: boolean;
  onDone: () => void;
}) {
  const notify = useToast();
  const save = useSavePaymentProcessor(organizationId);
  const [confirming, setConfirming] = useState(false);
  const form = useRecordForm({
    id: "payments",
    fields: PAYMENT_FIELDS,
    initial: () => EMPTY_STRIPE_KEYS,
    build: stripeKeysBody,
    save: (body) => save.mutateAsync(body),
    onSaved: () => {
      form.reset(EMPTY_STRIPE_KEYS);
      setConfirming(false);
      notify(replacing ? "Stripe keys replaced" : "Stripe connected");
      onDone();
    },
  });
  // Replacing asks first, once the keys pass the browser's checks (else their problems show).
  const submit = async () => {
    if (replacing && !confirming && !Object.keys(stripeKeysBody(form.values).errors).length) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    await form.submit();
  };

  return (
    <>
      <RecordFormFrame
        form={{ ...form, submit }}
        label="Stripe keys"
        submitLabel={replacing ? "Replace keys" : "Connect Stripe"}
        onCancel={replacing ? onDone : undefined}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="secret_key"
            label="Secret key"
            placeholder="sk_test_…"
            hint="Stripe → Developers → API keys. Stored encrypted; only its last four characters are shown."
            {...SECRET_INPUT}
          />
          <TextField
            name="publishable_key"
            label="Publishable key"
            placeholder="pk_test_…"
            autoComplete="off"
            spellCheck={false}
            maxLength={255}
            hint="Used by the checkout page to show Stripe's card form."
          />
          <TextField
            name="webhook_secret"
            label="Webhook signing secret"
            placeholder="whsec_…"
            className="sm:col-span-2"
            hint="From the webhook endpoint you added in Stripe with the URL above."
            {...SECRET_INPUT}
          />
        </div>
      </RecordFormFrame>
      <ConfirmDialog
        open={confirming}
        title="Replace the Stripe keys?"
        confirmLabel="Replace keys"
        busy={form.pending}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        Checkouts opened from now on take payments with the new keys. Subscriptions keep renewing on the
        Stripe account that holds their cards: replace keys with those of the same account.
      </ConfirmDialog>
    </>
  );
}
