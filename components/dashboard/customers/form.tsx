"use client";
// Create or edit a customer. The API's 422 problems show on their field (address parts included),
// a 409 (the email is taken in this organization) on the email.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { COUNTRIES } from "@/components/checkout/countries";
import { customers, type CustomerResource } from "../hooks/customers";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { MetadataEditor } from "../forms/metadata-editor";
import { useFormErrors } from "../forms/use-form-errors";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  CUSTOMER_FIELDS,
  customerBody,
  customerPatch,
  EMPTY_CUSTOMER_FORM,
  formFromCustomer,
  type CustomerForm as Values,
} from "./logic";

const FORM_ID = "customer";

const ADDRESS_LABELS = [
  ["line1", "Address line 1"],
  ["line2", "Address line 2"],
  ["postal_code", "Postal code"],
  ["city", "City"],
  ["state", "State / region"],
] as const;

export function CustomerForm({ customer, onDone }: { customer?: CustomerResource; onDone?: () => void }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = customers.useCreate();
  const update = customers.useUpdate(customer?.id ?? "");
  const errors = useFormErrors(FORM_ID, { fields: CUSTOMER_FIELDS, conflictField: "email" });
  const [values, setValues] = useState<Values>(() =>
    customer ? formFromCustomer(customer) : EMPTY_CUSTOMER_FORM,
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setAddress = (part: keyof Values["address"], value: string) =>
    setValues((current) => ({ ...current, address: { ...current.address, [part]: value } }));
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });

  const submit = () => {
    const built = customer ? customerPatch(values, customer) : customerBody(values);
    if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
    errors.clear();
    const onSuccess = (saved: CustomerResource) => {
      notify(customer ? "Customer saved" : "Customer created");
      if (onDone) onDone();
      else router.push(orgPath(`/customers/${saved.id}`));
    };
    const options = { onSuccess, onError: errors.fromError };
    if (customer) update.mutate(built.body, options);
    else create.mutate({ ...built.body, organization_id: organization.id }, options);
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card title="Customer">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField errors={errors} formId={FORM_ID} name="email" label="Email">
            <input
              {...control("email")}
              type="email"
              maxLength={320}
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
            />
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="name" label="Name">
            <input
              {...control("name")}
              maxLength={255}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="external_id"
            label="External ID"
            hint="Your own id for this customer."
          >
            <input
              {...control("external_id")}
              maxLength={255}
              value={values.external_id}
              onChange={(e) => set("external_id", e.target.value)}
            />
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="tax_id" label="Tax ID" hint="e.g. a VAT number.">
            <input
              {...control("tax_id")}
              maxLength={255}
              value={values.tax_id}
              onChange={(e) => set("tax_id", e.target.value)}
            />
          </FormField>
        </div>
      </Card>
      <Card title="Billing address">
        {errors.field("billing_address") ? (
          <p role="alert" className="mb-3 text-xs text-red-600 dark:text-red-400">
            {errors.field("billing_address")}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {ADDRESS_LABELS.map(([part, label]) => (
            <FormField
              key={part}
              errors={errors}
              formId={FORM_ID}
              name={`billing_address.${part}`}
              label={label}
            >
              <input
                {...control(`billing_address.${part}`)}
                maxLength={255}
                value={values.address[part]}
                onChange={(e) => setAddress(part, e.target.value)}
              />
            </FormField>
          ))}
          <FormField errors={errors} formId={FORM_ID} name="billing_address.country" label="Country">
            <select
              {...control("billing_address.country")}
              value={values.address.country}
              onChange={(e) => setAddress("country", e.target.value)}
            >
              <option value="">—</option>
              {COUNTRIES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </Card>
      <Card>
        <MetadataEditor
          formId={FORM_ID}
          errors={errors}
          rows={values.metadata}
          onChange={(rows) => set("metadata", rows)}
        />
      </Card>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={customer ? "Save customer" : "Create customer"}
        onCancel={() => (onDone ? onDone() : router.push(orgPath("/customers")))}
      />
    </form>
  );
}
