"use client";
// The discount form, for creating (every field) and editing (type and duration fixed; amounts
// locked by the API once redeemed). Problems found here or answered by the API show on their field.
import { CurrencyOptions, MetadataCard, SelectField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useResourceForm } from "../forms/use-record-form";
import { discounts, type DiscountResource } from "../hooks/catalog";
import { Card } from "../ui/misc";
import { DiscountProductsField } from "./products-field";
import { DiscountAmountsField } from "./amounts-field";
import { DISCOUNT_FORM_LOGIC } from "./logic";

export function DiscountForm({ discount }: { discount?: DiscountResource }) {
  const form = useResourceForm(
    { hooks: discounts, record: discount, path: "/discounts", noun: "Discount" },
    DISCOUNT_FORM_LOGIC,
  );
  const { values, editing } = form;

  return (
    <RecordFormFrame form={form} noun="discount">
      <Card title="Discount">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={255} />
          <TextField
            name="code"
            label="Code"
            maxLength={256}
            hint="Letters and digits, 3 or more. Empty: no code (applied by link or API only)."
          />
          <SelectField name="type" label="Type" disabled={editing}>
            <option value="percentage">Percentage</option>
            <option value="fixed">Fixed amount</option>
          </SelectField>
          {values.type === "percentage" ? (
            <TextField
              name="percent"
              field="basis_points"
              label="Percentage off"
              inputMode="decimal"
              hint="e.g. 12.5"
            />
          ) : (
            <div className="grid grid-cols-[1fr_9rem] gap-2">
              <TextField name="amount" label="Amount off" inputMode="decimal" />
              <SelectField name="currency" label="Currency">
                <CurrencyOptions current={values.currency} />
              </SelectField>
            </div>
          )}
          {values.type === "fixed" ? (
            <DiscountAmountsField
              formId={form.id}
              errors={form.errors}
              currency={values.currency}
              value={values.other_amounts}
              onChange={(rows) => form.set("other_amounts", rows)}
            />
          ) : null}
          <SelectField name="duration" label="Duration" disabled={editing} hint="For subscriptions.">
            <option value="once">Once</option>
            <option value="forever">Forever</option>
            <option value="repeating">Repeating</option>
          </SelectField>
          {values.duration === "repeating" ? (
            <TextField name="duration_in_months" label="Months" inputMode="numeric" />
          ) : null}
        </div>
      </Card>
      <Card title="Limits">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="starts_at" label="Starts" type="datetime-local" />
          <TextField name="ends_at" label="Ends" type="datetime-local" />
          <TextField
            name="max_redemptions"
            label="Max redemptions"
            inputMode="numeric"
            hint="Empty: no limit."
          />
        </div>
        <DiscountProductsField
          formId={form.id}
          errors={form.errors}
          value={values.products}
          onChange={(products) => form.set("products", products)}
        />
      </Card>
      <MetadataCard />
    </RecordFormFrame>
  );
}
