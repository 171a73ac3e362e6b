"use client";
// The product picker, shown when the session offers more than one product: one radio per product
// with its first price. Picking sends `product_id` at once (the server switches the price, the
// discount and the answers, and the summary follows). Plain inputs, no dependency: the page's
// first-load budget is small.
import type { CheckoutView } from "./api";
import { Section } from "./fields";
import { perInterval } from "./format";
import { useTranslator } from "@/components/i18n/translator-context";
import type { Translator } from "@/lib/i18n/translator";

type Product = CheckoutView["products"][number];

function priceLabel(product: Product, tr: Translator, prices?: Product["prices"]): string {
  // In the session's currency (docs/currencies.md): `checkout.prices` holds those.
  const price = (prices ?? product.prices)[0];
  if (!price || price.amount_type === "free") return tr.t("checkout.free");
  if (price.amount_type === "custom") return tr.t("checkout.payWhatYouWant");
  const amount = tr.money(price.price_amount ?? 0, price.price_currency);
  return price.type === "recurring" ? perInterval(amount, price.recurring_interval, tr) : amount;
}

export function ProductPicker({
  checkout,
  onPick,
  disabled,
}: {
  checkout: CheckoutView;
  onPick: (productId: string) => void;
  disabled?: boolean;
}) {
  const tr = useTranslator();
  if (checkout.products.length < 2) return null;
  return (
    <Section title={tr.t("checkout.chooseProduct")}>
      <div className="space-y-2">
        {checkout.products.map((product) => (
          <label
            key={product.id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-zinc-300 px-3 py-2 text-sm has-[:checked]:border-zinc-900 dark:border-zinc-700 dark:has-[:checked]:border-zinc-100"
          >
            <input
              type="radio"
              name="product_id"
              value={product.id}
              checked={product.id === checkout.product_id}
              disabled={disabled}
              onChange={() => onPick(product.id)}
            />
            <span className="flex-1 text-zinc-900 dark:text-zinc-100">{product.name}</span>
            <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
              {priceLabel(product, tr, checkout.prices?.[product.id])}
            </span>
          </label>
        ))}
      </div>
    </Section>
  );
}
