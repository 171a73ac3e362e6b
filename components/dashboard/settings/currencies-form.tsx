"use client";
// The organization's currencies (docs/currencies.md): the default a checkout presents, and which
// currency buyers of a country see instead of the built-in map's, saved by a PATCH of what changed.
import { CurrencyOptions, SelectField, TextAreaField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useRecordForm } from "../forms/use-record-form";
import { useUpdateOrganization, type OrganizationResource } from "../hooks/organizations";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { CURRENCY_FIELDS, currenciesPatch, formFromCurrencies } from "./currencies-logic";

export function CurrenciesForm({ organization }: { organization: OrganizationResource }) {
  const notify = useToast();
  const update = useUpdateOrganization(organization.id);
  const form = useRecordForm({
    id: "currencies",
    fields: CURRENCY_FIELDS,
    initial: () => formFromCurrencies(organization),
    build: (values) => currenciesPatch(values, organization),
    save: (body) => update.mutateAsync(body),
    onSaved: (saved) => {
      notify("Currencies saved");
      form.reset(formFromCurrencies(saved));
    },
    onNothingToSave: () => notify("Nothing to save"),
  });
  return (
    <RecordFormFrame form={form} label="Currencies" submitLabel="Save currencies">
      <Card title="Currencies">
        <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
          A checkout shows the buyer&apos;s country&apos;s currency when the product has a price in it, else
          the default. Amounts are never converted: add a price per currency to a product.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField name="default_presentment_currency" label="Default currency">
            <CurrencyOptions current={form.values.default_presentment_currency} />
          </SelectField>
          <TextAreaField
            name="overrides"
            field="currency_by_country"
            label="Country overrides"
            rows={3}
            spellCheck={false}
            hint='One per line, e.g. "CH eur": buyers in Switzerland see euros.'
          />
        </div>
      </Card>
    </RecordFormFrame>
  );
}
