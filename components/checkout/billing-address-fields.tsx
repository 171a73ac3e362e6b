// The billing address and tax ID. The country (and, where the tax needs one, the state or
// province) moves the total, so it is sent sooner; the lists come with the page's data, not its
// JavaScript (./countries.ts, ./subdivisions.ts). Hidden for a free product without a card form.
import type { ComponentProps } from "react";
import type { Choice } from "./countries";
import { Field, Section, Select, TextInput } from "./fields";
import type { FormValues } from "./form-state";
import type { Subdivisions } from "./subdivisions";
import type { CheckoutForm } from "./use-checkout-form";
import { useTranslator } from "@/components/i18n/translator-context";

type Props = { form: CheckoutForm; countries: readonly Choice[]; subdivisions: Subdivisions };

type AddressPart = "line1" | "city" | "postalCode";

export function BillingAddressFields({ form, countries, subdivisions }: Props) {
  const { checkout, values, submitting } = form;
  const tr = useTranslator();
  const paymentForm = checkout.is_payment_form_required;
  if (checkout.is_free_product_price && !paymentForm) return null;
  const subdivision = values.country ? subdivisions[values.country] : undefined;
  // The data's labels are English ("State", "Province"): each has its words in the catalog.
  const kind = subdivision?.label.toLowerCase() === "province" ? "province" : "state";

  /** A free-text part of the address: its field key is `customer_billing_address.<key>`. */
  const addressInput = (part: AddressPart, key: string): ComponentProps<typeof TextInput> => ({
    ...form.field(`customer_billing_address.${key}`),
    type: "text",
    value: values[part],
    disabled: submitting,
    onChange: (e) =>
      form.change(part, e.target.value, "customer_billing_address", `customer_billing_address.${key}`),
  });
  const changeState = (state: FormValues["state"]) =>
    form.change("state", state, "customer_billing_address", "customer_billing_address.state");

  return (
    <Section title={tr.t("checkout.billingAddress")}>
      <Field
        {...form.field("customer_billing_address.country")}
        label={tr.t("checkout.country")}
        required={paymentForm}
        optional={!paymentForm}
      >
        <Select
          {...form.field("customer_billing_address.country")}
          autoComplete="country"
          required={paymentForm}
          value={values.country}
          disabled={submitting}
          onChange={(e) => form.changeCountry(e.target.value)}
        >
          <option value="">{tr.t("checkout.selectCountry")}</option>
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      {subdivision ? (
        <Field
          {...form.field("customer_billing_address.state")}
          label={tr.t(`checkout.subdivision_${kind}`)}
          required
        >
          <Select
            {...form.field("customer_billing_address.state")}
            autoComplete="address-level1"
            required
            value={values.state}
            disabled={submitting}
            onChange={(e) => changeState(e.target.value)}
          >
            <option value="">{tr.t(`checkout.selectSubdivision_${kind}`)}</option>
            {subdivision.choices.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field {...form.field("customer_billing_address.line1")} label={tr.t("checkout.address")} optional>
        <TextInput {...addressInput("line1", "line1")} autoComplete="address-line1" />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
        <Field {...form.field("customer_billing_address.city")} label={tr.t("checkout.city")} optional>
          <TextInput {...addressInput("city", "city")} autoComplete="address-level2" />
        </Field>
        <Field
          {...form.field("customer_billing_address.postal_code")}
          label={tr.t("checkout.postalCode")}
          optional
        >
          <TextInput {...addressInput("postalCode", "postal_code")} autoComplete="postal-code" />
        </Field>
      </div>
      <Field
        {...form.field("customer_tax_id")}
        label={tr.t("checkout.taxId")}
        optional
        help={tr.t("checkout.taxIdHelp")}
      >
        <TextInput
          {...form.field("customer_tax_id")}
          help
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={values.taxId}
          disabled={submitting}
          onChange={(e) => form.change("taxId", e.target.value, "customer_tax_id", "customer_tax_id")}
        />
      </Field>
      <TaxIdStatus checkout={checkout} typed={values.taxId} />
    </Section>
  );
}

/** Spaces, dots and dashes aside and in capitals, as the server keeps a tax ID (lib/core/tax-ids.ts). */
const normalized = (value: string) => value.replace(/[\s.\-\u2010-\u2015]/g, "").toUpperCase();

/**
 * What the server made of the EU VAT number it has (docs/tax.md "Tax IDs and VIES"), once what is
 * typed is what it checked: confirmed by VIES, or not confirmed now (taxed as usual).
 */
function TaxIdStatus({ checkout, typed }: { checkout: CheckoutForm["checkout"]; typed: string }) {
  const tr = useTranslator();
  const saved = checkout.customer_tax_id;
  if (!saved || checkout.customer_tax_id_type !== "eu_vat" || normalized(typed) !== saved) return null;
  const verified = checkout.customer_tax_id_status === "verified";

  return (
    <p role="status" data-testid="tax-id-status" className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400">
      {verified ? tr.t("checkout.vatConfirmed") : tr.t("checkout.vatNotConfirmed")}
    </p>
  );
}
