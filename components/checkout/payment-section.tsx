// The Payment section: the session's payment form (./payment-forms.ts, chosen by its
// `payment_processor`), shown only when something is due now. The page reaches the form through
// `form.paymentRef` (./payment-form.ts).
import type { Ref } from "react";
import { Section } from "./fields";
import type { PaymentFormHandle } from "./payment-form";
import { paymentFormFor } from "./payment-forms";
import type { CheckoutForm } from "./use-checkout-form";
import { useTranslator } from "@/components/i18n/translator-context";

type Props = { form: CheckoutForm; paymentRef: Ref<PaymentFormHandle> };

export function PaymentSection({ form, paymentRef }: Props) {
  const { checkout } = form;
  const tr = useTranslator();
  if (!checkout.is_payment_form_required) return null;
  const payment = paymentFormFor(checkout.payment_processor);
  return (
    <Section title={tr.t("checkout.payment")}>
      {payment ? (
        <payment.Form
          checkout={checkout}
          disabled={form.submitting}
          errors={form.errors}
          setFieldError={form.setFieldError}
          setUnavailable={form.setPaymentUnavailable}
          ref={paymentRef}
        />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {tr.t("checkout.paymentsUnavailable", { organization: checkout.organization.name })}
        </p>
      )}
    </Section>
  );
}
