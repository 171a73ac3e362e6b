"use client";
// The discount form, for creating (every field) and editing (type and duration fixed; amounts
// locked by the API once redeemed). Problems found here or answered by the API show on their field.
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { DiscountResource } from "../hooks/discounts";
import { discounts } from "../hooks/discounts";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { MetadataEditor } from "../forms/metadata-editor";
import { useFormErrors } from "../forms/use-form-errors";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { DiscountProductsField } from "./products-field";
import {
  DISCOUNT_FIELDS,
  discountBody,
  discountPatch,
  EMPTY_DISCOUNT_FORM,
  formFromDiscount,
  type DiscountForm as Values,
} from "./logic";

const FORM_ID = "discount";

export function DiscountForm({ discount }: { discount?: DiscountResource }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = discounts.useCreate();
  const update = discounts.useUpdate(discount?.id ?? "");
  const errors = useFormErrors(FORM_ID, { fields: DISCOUNT_FIELDS, conflictField: "code" });
  const [values, setValues] = useState<Values>(() =>
    discount ? formFromDiscount(discount) : EMPTY_DISCOUNT_FORM,
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const busy = create.isPending || update.isPending;
  const editing = discount !== undefined;
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });

  const done = (saved: DiscountResource) => {
    notify(editing ? "Discount saved" : "Discount created");
    if (editing) setValues(formFromDiscount(saved));
    else router.push(orgPath(`/discounts/${saved.id}`));
  };
  const submit = () => {
    const options = { onSuccess: done, onError: errors.fromError };
    if (discount) {
      const patch = discountPatch(values, discount);
      if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
      errors.clear();
      update.mutate(patch.body, options);
    } else {
      const built = discountBody(values);
      if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
      errors.clear();
      create.mutate({ ...built.body, organization_id: organization.id }, options);
    }
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
      <Card title="Discount">
        <div className="grid gap-4 sm:grid-cols-2">
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
            name="code"
            label="Code"
            hint="Letters and digits, 3 or more. Empty: no code (applied by link or API only)."
          >
            <input
              {...control("code")}
              maxLength={256}
              value={values.code}
              onChange={(e) => set("code", e.target.value)}
            />
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="type" label="Type">
            <select
              {...control("type")}
              disabled={editing}
              value={values.type}
              onChange={(e) => set("type", e.target.value as Values["type"])}
            >
              <option value="percentage">Percentage</option>
              <option value="fixed">Fixed amount</option>
            </select>
          </FormField>
          {values.type === "percentage" ? (
            <FormField
              errors={errors}
              formId={FORM_ID}
              name="basis_points"
              label="Percentage off"
              hint="e.g. 12.5"
            >
              <input
                {...control("basis_points")}
                inputMode="decimal"
                value={values.percent}
                onChange={(e) => set("percent", e.target.value)}
              />
            </FormField>
          ) : (
            <div className="grid grid-cols-[1fr_6rem] gap-2">
              <FormField errors={errors} formId={FORM_ID} name="amount" label="Amount off">
                <input
                  {...control("amount")}
                  inputMode="decimal"
                  value={values.amount}
                  onChange={(e) => set("amount", e.target.value)}
                />
              </FormField>
              <FormField errors={errors} formId={FORM_ID} name="currency" label="Currency">
                <input
                  {...control("currency")}
                  maxLength={3}
                  value={values.currency}
                  onChange={(e) => set("currency", e.target.value.toLowerCase())}
                />
              </FormField>
            </div>
          )}
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="duration"
            label="Duration"
            hint="For subscriptions."
          >
            <select
              {...control("duration")}
              disabled={editing}
              value={values.duration}
              onChange={(e) => set("duration", e.target.value as Values["duration"])}
            >
              <option value="once">Once</option>
              <option value="forever">Forever</option>
              <option value="repeating">Repeating</option>
            </select>
          </FormField>
          {values.duration === "repeating" ? (
            <FormField errors={errors} formId={FORM_ID} name="duration_in_months" label="Months">
              <input
                {...control("duration_in_months")}
                inputMode="numeric"
                value={values.duration_in_months}
                onChange={(e) => set("duration_in_months", e.target.value)}
              />
            </FormField>
          ) : null}
        </div>
      </Card>
      <Card title="Limits">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField errors={errors} formId={FORM_ID} name="starts_at" label="Starts">
            <input
              {...control("starts_at")}
              type="datetime-local"
              value={values.starts_at}
              onChange={(e) => set("starts_at", e.target.value)}
            />
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="ends_at" label="Ends">
            <input
              {...control("ends_at")}
              type="datetime-local"
              value={values.ends_at}
              onChange={(e) => set("ends_at", e.target.value)}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="max_redemptions"
            label="Max redemptions"
            hint="Empty: no limit."
          >
            <input
              {...control("max_redemptions")}
              inputMode="numeric"
              value={values.max_redemptions}
              onChange={(e) => set("max_redemptions", e.target.value)}
            />
          </FormField>
        </div>
        <DiscountProductsField
          formId={FORM_ID}
          errors={errors}
          value={values.products}
          onChange={(products) => set("products", products)}
        />
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
        busy={busy}
        submitLabel={editing ? "Save discount" : "Create discount"}
        onCancel={() => router.push(orgPath("/discounts"))}
      />
    </form>
  );
}
