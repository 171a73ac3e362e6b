// Contact information: the buyer's email (checked on leaving it) and name (required when a card is
// asked for, as confirm requires: lib/checkout/confirm.ts).
import { Field, Section, TextInput } from "./fields";
import type { CheckoutForm } from "./use-checkout-form";
import { useTranslator } from "@/components/i18n/translator-context";

export function CustomerFields({ form }: { form: CheckoutForm }) {
  const { values, submitting } = form;
  const tr = useTranslator();
  const paymentForm = form.checkout.is_payment_form_required;
  return (
    <Section title={tr.t("checkout.contactInformation")}>
      <Field {...form.field("customer_email")} label={tr.t("checkout.email")} required>
        <TextInput
          {...form.field("customer_email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          placeholder={tr.t("checkout.emailPlaceholder")}
          value={values.email}
          disabled={submitting}
          onChange={(e) => form.change("email", e.target.value, "customer_email", "customer_email")}
          onBlur={() => void form.checkOnBlur("customer_email")}
        />
      </Field>
      <Field
        {...form.field("customer_name")}
        label={tr.t("checkout.fullName")}
        required={paymentForm}
        optional={!paymentForm}
      >
        <TextInput
          {...form.field("customer_name")}
          type="text"
          autoComplete="name"
          required={paymentForm}
          value={values.name}
          disabled={submitting}
          onChange={(e) => form.change("name", e.target.value, "customer_name", "customer_name")}
        />
      </Field>
    </Section>
  );
}
