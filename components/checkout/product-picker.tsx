"use client";
// The product picker, shown when the session offers more than one product: one radio per product
// with its first price. Picking sends `product_id` at once (the server switches the price, the
// discount and the answers, and the summary follows). Plain inputs, no dependency: the page's
// first-load budget is small.
import { formatMoney } from "@/lib/money";
import type { CheckoutView } from "./api";
import { Section } from "./fields";
import { intervalLabel } from "./format";

type Product = CheckoutView["products"][number];

function priceLabel(product: Product, prices?: Product["prices"]): string {
  // In the session's currency (docs/currencies.md): `checkout.prices` holds those.
  const price = (prices ?? product.prices)[0];
  if (!price || price.amount_type === "free") return "Free";
  if (price.amount_type === "custom") return "Pay what you want";
  const amount = formatMoney(price.price_amount ?? 0, price.price_currency);
  return price.type === "recurring" ? `${amount} / ${intervalLabel(price.recurring_interval)}` : amount;
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
  if (checkout.products.length < 2) return null;
  return (
    <Section title="Choose a product">
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
              {priceLabel(product, checkout.prices?.[product.id])}
            </span>
          </label>
        ))}
      </div>
    </Section>
  );
}
