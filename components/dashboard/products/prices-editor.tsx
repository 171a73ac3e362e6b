"use client";
// The product's prices. An existing price never changes (orders keep theirs): it is shown read-only
// and can only be removed, which archives it on save (Undo brings it back). New prices are fixed,
// pay what you want (minimum, maximum, suggested) or free; month or year on a recurring product.
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import type { ProductPrice } from "../hooks/catalog";
import { Button } from "../ui/button";
import { Badge } from "../ui/misc";
import { COMMON_CURRENCIES } from "../forms/currencies";
import { MAX_PRICES, newPriceRow, priceInAnotherCurrency, priceText, type PriceRow } from "./logic";
import { NewPrice } from "./new-price";

type Props = {
  formId: string;
  errors: FormErrorsState;
  isRecurring: boolean;
  rows: PriceRow[];
  archived: ProductPrice[];
  /** `field`: the API's name of what changed (its message goes), when it is one row's input. */
  onChange: (rows: PriceRow[], archived: ProductPrice[], field?: string) => void;
};

/** A row's input → the API's field it is checked as (`prices.<i>.<field>`). */
const API_FIELD: Record<string, string> = {
  amount_type: "amount_type",
  currency: "price_currency",
  amount: "price_amount",
  minimum: "minimum_amount",
  maximum: "maximum_amount",
  preset: "preset_amount",
  interval: "recurring_interval",
  taxBehavior: "tax_behavior",
};

export function PricesEditor({ formId, errors, isRecurring, rows, archived, onChange }: Props) {
  const listError = errors.field("prices");
  const update = (index: number, patch: Partial<PriceRow>) =>
    onChange(
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
      archived,
      `prices.${index}.${API_FIELD[Object.keys(patch)[0]!]}`,
    );
  const remove = (index: number) => {
    const row = rows[index]!;
    onChange(
      rows.filter((_, i) => i !== index),
      row.existing ? [...archived, row.existing] : archived,
    );
  };
  // Only the first new price's inputs carry the plain labels ("Amount"): one per page to find.
  const firstNew = rows.findIndex((row) => !row.existing);
  return (
    <div className="space-y-3">
      {listError ? (
        <p
          id={`${controlId(formId, "prices")}-error`}
          role="alert"
          className="text-xs text-red-600 dark:text-red-400"
        >
          {listError}
        </p>
      ) : null}
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
            {row.existing ? (
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <span className="font-medium">{priceText(row.existing)}</span>{" "}
                  <Badge>Existing price: amounts can&apos;t change</Badge>
                </span>
                <Button size="sm" variant="ghost" onClick={() => remove(index)}>
                  Remove (archives it)
                </Button>
              </div>
            ) : (
              <NewPrice
                row={row}
                index={index}
                suffix={index === firstNew ? "" : ` (price ${index + 1})`}
                formId={formId}
                errors={errors}
                isRecurring={isRecurring}
                onChange={(patch) => update(index, patch)}
                onRemove={rows.length > 1 ? () => remove(index) : undefined}
              />
            )}
            {errors.field(`prices.${index}`) ? (
              <p className="mt-1 text-xs text-red-600 dark:text-red-400">{errors.field(`prices.${index}`)}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={rows.length >= MAX_PRICES}
          onClick={() => onChange([...rows, newPriceRow("fixed", rows.at(-1)?.currency ?? "usd")], archived)}
        >
          Add price
        </Button>
        {/* The same price in another currency: buyers see their country's (docs/currencies.md). */}
        <Button
          size="sm"
          variant="ghost"
          disabled={rows.length >= MAX_PRICES || !priceInAnotherCurrency(rows, COMMON_CURRENCIES)}
          onClick={() => {
            const row = priceInAnotherCurrency(rows, COMMON_CURRENCIES);
            if (row) onChange([...rows, row], archived);
          }}
        >
          Add a currency
        </Button>
      </div>
      {archived.length ? (
        <div
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <p className="font-medium">Archived when you save (existing orders and subscriptions keep them):</p>
          <ul className="mt-1 space-y-1">
            {archived.map((price) => (
              <li key={price.id} className="flex items-center gap-2">
                {priceText(price)}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    onChange(
                      [...rows, { ...newPriceRow(), key: price.id, existing: price }],
                      archived.filter((item) => item.id !== price.id),
                    )
                  }
                >
                  Undo
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
