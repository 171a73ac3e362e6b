"use client";
// "Add card" in the buyer's saved cards (docs/portal.md, "Saved cards"): the processor's card form
// (./payment-method-form.tsx, the one a subscription's new card uses) with "Use for my
// subscriptions" (`set_default`: the subscriptions that still bill take the card, a past-due one is
// charged with it). The form is the organization's processor's, as the buyer's subscriptions show
// it (Stripe's, with its publishable key); a buyer with no subscription has nothing to add a card for.
import { useState } from "react";
import { useTranslator } from "@/components/i18n/translator-context";
import { publishableKeyOf } from "@/components/checkout/stripe-elements";
import { paymentMethodLabel } from "./format";
import { useAddSavedCard, useSubscriptions } from "./hooks";
import { PaymentMethodForm } from "./payment-method-form";
import { SECONDARY } from "./ui";

export function AddSavedCard() {
  const tr = useTranslator();
  const subscriptions = useSubscriptions();
  const add = useAddSavedCard();
  const [open, setOpen] = useState(false);
  const [forSubscriptions, setForSubscriptions] = useState(true);
  const [announcement, setAnnouncement] = useState("");
  const model = subscriptions.data?.items[0];
  if (!model) return null;
  if (!open) {
    return (
      <div className="mt-3">
        <button
          type="button"
          className={SECONDARY}
          onClick={() => {
            setAnnouncement("");
            setOpen(true);
          }}
        >
          {tr.t("portal.addCard")}
        </button>
        <p role="status" className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
          {announcement}
        </p>
      </div>
    );
  }
  return (
    <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <PaymentMethodForm
        target={{
          processor: model.payment_processor,
          publishableKey: publishableKeyOf(model),
          currency: model.currency,
          label: tr.t("portal.newCard"),
          submitLabel: tr.t("portal.saveCard"),
        }}
        save={async (cardToken, confirmStep) => {
          const card = await add.mutateAsync({ cardToken, setDefault: forSubscriptions, confirmStep });
          setOpen(false);
          const label = card.method_metadata
            ? paymentMethodLabel(card.method_metadata, tr)
            : tr.t("portal.yourCard");
          setAnnouncement(
            tr.t(forSubscriptions ? "portal.cardSavedForSubscriptions" : "portal.cardSaved", { label }),
          );
        }}
        onCancel={() => setOpen(false)}
        extra={
          <label className="mt-3 flex items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
            <input
              type="checkbox"
              checked={forSubscriptions}
              onChange={(event) => setForSubscriptions(event.target.checked)}
            />
            {tr.t("portal.useForSubscriptions")}
          </label>
        }
      />
    </div>
  );
}
