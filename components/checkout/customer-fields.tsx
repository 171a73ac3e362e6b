// Contact information: the buyer's email (checked on leaving it) and name (required when a card is
// asked for, as confirm requires: lib/checkout/confirm.ts).
import { Field, Section, TextInput } from "./fields";
import type { CheckoutForm } from "./use-checkout-form";

export function CustomerFields({ form }: { form: CheckoutForm }) {
  const { values, submitting } = form;
  const paymentForm = form.checkout.is_payment_form_required;
  return (
    <Section title="Contact information">
      <Field {...form.field("customer_email")} label="Email" required>
        <TextInput
          {...form.field("customer_email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          placeholder="you@example.com"
          value={values.email}
          disabled={submitting}
          onChange={(e) => form.change("email", e.target.value, "customer_email", "customer_email")}
          onBlur={() => void form.checkOnBlur("customer_email")}
        />
      </Field>
      <Field
        {...form.field("customer_name")}
        label="Full name"
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
