"use client";
// The organization's tax rates as an editable table (country, optional state, rate in percent),
// saved as a whole list (PUT). Problems, found here or by the API, show on their row's field.
// "Load EU VAT rates" merges the dated EU preset (lib/tax/eu-rates.ts) on the server after a
// confirmation, and the list shows the answer (unsaved edits are discarded, as the dialog says).
import type { ReactNode } from "react";
import { CountryOptions } from "../forms/address-fields";
import { SUBDIVISIONS } from "@/components/checkout/subdivisions";
import { MAX_TAX_RATES } from "@/lib/organizations/tax-rate-schemas";
import { EU_STANDARD_RATES } from "@/lib/tax/eu-rates";
import { ConfirmButton } from "../kit/confirm-dialog";
import { FormErrorSummary } from "../forms/form-parts";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { useRecordForm } from "../forms/use-record-form";
import { useLoadEuTaxRates, useReplaceTaxRates, type TaxRate } from "../hooks/organizations";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  emptyTaxRateRow,
  rowsFromTaxRates,
  taxRateFields,
  taxRatesBody,
  type TaxRateRow,
} from "./tax-rates-logic";

const FORM_ID = "tax-rates";
/** Every row's fields, up to the most rates an organization can have. */
const FIELDS = taxRateFields(MAX_TAX_RATES);

type Props = {
  organizationId: string;
  rates: readonly TaxRate[];
  /** Shown first in the card: the organization's other tax settings. */
  intro?: ReactNode;
};

export function TaxRatesEditor({ organizationId, rates, intro }: Props) {
  const notify = useToast();
  const replace = useReplaceTaxRates(organizationId);
  const loadEu = useLoadEuTaxRates(organizationId);
  const form = useRecordForm({
    id: FORM_ID,
    fields: FIELDS,
    initial: () => ({ rows: rowsFromTaxRates(rates) }),
    build: ({ rows }) => taxRatesBody(rows),
    save: (body) => replace.mutateAsync(body),
    onSaved: (saved) => {
      form.reset({ rows: rowsFromTaxRates(saved.tax_rates) });
      notify("Tax rates saved");
    },
  });
  const { errors } = form;
  const rows = form.values.rows;
  const setRows = (update: (current: TaxRateRow[]) => TaxRateRow[], field?: string) =>
    form.change((current) => ({ rows: update(current.rows) }), field);
  // A changed row loses its messages (its own and its fields'): the merchant is correcting it.
  const update = (index: number, patch: Partial<TaxRateRow>) =>
    setRows(
      (current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)),
      `tax_rates.${index}`,
    );
  const submit = () => void form.submit();

  return (
    <Card title="Tax rates">
      {intro}
      {/* Outside the list's form: the confirm dialog holds a form of its own. */}
      <div className="mb-4 flex justify-end">
        <ConfirmButton
          label={`Load EU VAT rates (as of ${EU_STANDARD_RATES.as_of})`}
          title="Load the EU standard VAT rates?"
          confirmLabel="Load EU VAT rates"
          action={loadEu}
          onConfirm={(close) =>
            loadEu.mutate(undefined, {
              onSuccess: (loaded) => {
                close();
                // The list's problems were placed by row index: they go with the old rows.
                errors.clear();
                form.reset({ rows: rowsFromTaxRates(loaded.tax_rates) });
                notify("EU VAT rates loaded");
              },
            })
          }
        >
          <p>
            Each of the 27 member states gets its standard rate as of {EU_STANDARD_RATES.as_of}, replacing its
            country-wide rate if it has one. State-level rates and rates of other countries stay.
          </p>
          <p className="mt-2">Changes not yet saved in this list are discarded.</p>
        </ConfirmButton>
      </div>
      <form
        noValidate
        aria-label="Tax rates"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Added to checkouts by the buyer&apos;s billing address. A state&apos;s rate wins over its
          country&apos;s. No rate: no tax.
        </p>
        <FormErrorSummary messages={errors.errors.form} />
        {rows.length === 0 ? (
          <p className="text-sm text-zinc-500">No tax rates yet.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[560px] text-left text-sm" aria-label="Tax rates">
              <thead>
                <tr className="text-xs text-zinc-500 dark:text-zinc-400">
                  <th scope="col" className="pb-1 font-medium">
                    Country
                  </th>
                  <th scope="col" className="pb-1 font-medium">
                    State
                  </th>
                  <th scope="col" className="pb-1 font-medium">
                    Rate (%)
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <TaxRateRowView
                    key={row.key}
                    row={row}
                    index={index}
                    errors={errors}
                    onChange={(patch) => update(index, patch)}
                    onRemove={() =>
                      // Problems are placed by row index, which the removal shifts: all go.
                      setRows((current) => current.filter((_, i) => i !== index), "tax_rates")
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex justify-between gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <Button onClick={() => setRows((current) => [...current, emptyTaxRateRow()])}>Add rate</Button>
          <Button type="submit" variant="primary" disabled={form.pending}>
            {form.pending ? "Saving…" : "Save tax rates"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type RowProps = {
  row: TaxRateRow;
  index: number;
  errors: FormErrorsState;
  onChange: (patch: Partial<TaxRateRow>) => void;
  onRemove: () => void;
};

function TaxRateRowView({ row, index, errors, onChange, onRemove }: RowProps) {
  const base = `tax_rates.${index}`;
  const subdivisions = SUBDIVISIONS[row.country];
  // The row's own problem (a duplicate place) and each field's, in the row under the inputs.
  const messages = [base, `${base}.country`, `${base}.state`, `${base}.basis_points`]
    .map((field) => [field, errors.field(field)] as const)
    .filter(([, message]) => message);
  const rowError = errors.field(base) ? `${controlId(FORM_ID, base)}-error` : undefined;
  const control = (field: string) => ({ ...errors.control(`${base}.${field}`), className: inputClass });
  const country = control("country");
  const number = index + 1;
  return (
    <>
      <tr className="align-top">
        <td className="py-1 pr-2">
          <select
            {...country}
            aria-label={`Country, rate ${number}`}
            aria-invalid={country["aria-invalid"] ?? (rowError ? true : undefined)}
            aria-describedby={[country["aria-describedby"], rowError].filter(Boolean).join(" ") || undefined}
            value={row.country}
            onChange={(e) => onChange({ country: e.target.value, state: "" })}
          >
            <CountryOptions none="Choose…" />
          </select>
        </td>
        <td className="py-1 pr-2">
          {subdivisions ? (
            <select
              {...control("state")}
              aria-label={`State, rate ${number}`}
              value={row.state}
              onChange={(e) => onChange({ state: e.target.value })}
            >
              <option value="">Whole country</option>
              {subdivisions.choices.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...control("state")}
              aria-label={`State, rate ${number}`}
              placeholder="Whole country"
              maxLength={3}
              value={row.state}
              onChange={(e) => onChange({ state: e.target.value.toUpperCase() })}
            />
          )}
        </td>
        <td className="w-32 py-1 pr-2">
          <input
            {...control("basis_points")}
            aria-label={`Rate (%), rate ${number}`}
            inputMode="decimal"
            placeholder="0.00"
            value={row.percent}
            onChange={(e) => onChange({ percent: e.target.value })}
          />
        </td>
        <td className="w-10 py-1 text-right">
          <Button size="sm" variant="ghost" aria-label={`Remove rate ${number}`} onClick={onRemove}>
            ×
          </Button>
        </td>
      </tr>
      {messages.length ? (
        <tr>
          <td colSpan={4} className="pb-2 text-xs text-red-600 dark:text-red-400">
            {messages.map(([field, message]) => (
              <p key={field} id={`${controlId(FORM_ID, field)}-error`}>
                {message}
              </p>
            ))}
          </td>
        </tr>
      ) : null}
    </>
  );
}
