// Pay what you want: the buyer's amount within the price's bounds, checked as typed and on leaving.
import { currencySymbol, formatMoney } from "@/lib/money";
import { Field, Section, TextInput } from "./fields";
import { amountBounds, isCustomPrice } from "./form-state";
import type { CheckoutForm } from "./use-checkout-form";

export function AmountField({ form }: { form: CheckoutForm }) {
  const { checkout, values, submitting } = form;
  const price = checkout.product_price;
  if (!isCustomPrice(price)) return null;
  const bounds = amountBounds(price);
  const maximum = price.maximum_amount ? `, maximum ${formatMoney(bounds.max, checkout.currency)}` : "";
  return (
    <Section title="Choose your price">
      <Field
        {...form.field("amount")}
        label="Amount"
        required
        help={`Minimum ${formatMoney(bounds.min, checkout.currency)}${maximum}.`}
      >
        <div className="flex">
          <span
            aria-hidden="true"
            className="inline-flex items-center rounded-l-lg border border-r-0 border-zinc-300 bg-zinc-50 px-3 text-sm text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400"
          >
            {currencySymbol(checkout.currency)}
          </span>
          <TextInput
            {...form.field("amount")}
            help
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            value={values.amount}
            disabled={submitting}
            onChange={(e) => form.change("amount", e.target.value, "amount", "amount")}
            onBlur={() => void form.checkOnBlur("amount")}
            className="rounded-l-none tabular-nums"
          />
        </div>
      </Field>
    </Section>
  );
}
