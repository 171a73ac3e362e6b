// Pay what you want: the buyer's amount within the price's bounds, checked as typed and on leaving.
import { currencySymbol } from "@/lib/money";
import { useTranslator } from "@/components/i18n/translator-context";
import { Field, Section, TextInput } from "./fields";
import { amountBounds, isCustomPrice } from "./form-state";
import type { CheckoutForm } from "./use-checkout-form";

export function AmountField({ form }: { form: CheckoutForm }) {
  const { checkout, values, submitting } = form;
  const tr = useTranslator();
  const price = checkout.product_price;
  if (!isCustomPrice(price)) return null;
  const bounds = amountBounds(price);
  const min = tr.money(bounds.min, checkout.currency);
  const help = price.maximum_amount
    ? tr.t("checkout.amountHelpWithMaximum", { min, max: tr.money(bounds.max, checkout.currency) })
    : tr.t("checkout.amountHelp", { min });
  return (
    <Section title={tr.t("checkout.choosePrice")}>
      <Field {...form.field("amount")} label={tr.t("checkout.amount")} required help={help}>
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
