"use client";
// A new card for a subscription, in the form of the processor that saves it
// (`payment_processor` of the portal's subscription): Stripe's Payment Element for a Stripe
// organization, loaded only there (Stripe.js with it), else the test processor's card form.
import dynamic from "next/dynamic";
import { PaymentFormLoading } from "@/components/checkout/payment-form-unavailable";
import type { CardFormProps } from "./card-form-parts";
import { TestCardForm } from "./test-card-form";

const StripeCardForm = dynamic(() => import("./stripe-card-form"), {
  ssr: false,
  loading: () => <PaymentFormLoading />,
});

export function PaymentMethodForm(props: CardFormProps) {
  return props.subscription.payment_processor === "stripe" ? (
    <StripeCardForm {...props} />
  ) : (
    <TestCardForm {...props} />
  );
}
