"use client";
// A new card in the form of the processor that saves it: Stripe's Payment Element for a Stripe
// organization, loaded only there (Stripe.js with it), else the test processor's card form. For a
// subscription (`payment_processor` of the portal's subscription; a past-due one is charged with
// the card), or added to the buyer's saved cards (./saved-cards.tsx).
import dynamic from "next/dynamic";
import { useTranslator } from "@/components/i18n/translator-context";
import { PaymentFormLoading } from "@/components/checkout/payment-form-unavailable";
import { publishableKeyOf } from "@/components/checkout/stripe-elements";
import type { PortalSubscription } from "./api";
import type { CardFormProps } from "./card-form-parts";
import { useUpdatePaymentMethod } from "./hooks";
import { TestCardForm } from "./test-card-form";

const StripeCardForm = dynamic(() => import("./stripe-card-form"), {
  ssr: false,
  loading: () => <PaymentFormLoading />,
});

export function PaymentMethodForm(props: CardFormProps) {
  return props.target.processor === "stripe" ? <StripeCardForm {...props} /> : <TestCardForm {...props} />;
}

/** A subscription's new card: its renewals charge it; a past-due one is charged with it at once. */
export function SubscriptionPaymentMethodForm({
  subscription,
  onDone,
  onCancel,
}: {
  subscription: PortalSubscription;
  onDone: (updated: PortalSubscription) => void;
  onCancel?: () => void;
}) {
  const tr = useTranslator();
  const update = useUpdatePaymentMethod();
  return (
    <PaymentMethodForm
      target={{
        processor: subscription.payment_processor,
        publishableKey: publishableKeyOf(subscription),
        currency: subscription.currency,
        label: tr.t("portal.newCardFor", { product: subscription.product.name }),
        submitLabel: tr.t(subscription.status === "past_due" ? "portal.saveCardAndPay" : "portal.saveCard"),
      }}
      save={async (cardToken, confirmStep) =>
        onDone(await update.mutateAsync({ id: subscription.id, cardToken, confirmStep }))
      }
      onCancel={onCancel}
    />
  );
}
