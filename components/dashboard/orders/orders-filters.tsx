"use client";
// The orders list's filters: type, product, discount, customer and an email search. Every change
// goes to the URL (and back to page 1).
import type { ReactNode } from "react";
import type { Order, PriceType } from "../hooks/orders";
import { useDiscounts, useProducts } from "../hooks/reference";
import { useOrganization } from "../organization";
import type { UrlPatch } from "../url-state";
import { Button } from "../ui/button";
import { CustomerCombobox } from "../customer-combobox";
import { SearchBox } from "./search-box";
import { PRICE_TYPE_LABELS } from "./type-badge";
import { hasFilters, type OrdersView } from "./view";

type Props = {
  view: OrdersView;
  /** The orders on screen: they name the filtered customer. */
  orders: Order[] | undefined;
  onChange: (patch: UrlPatch) => void;
  onClear: () => void;
};

const selectClass =
  "mt-1 w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm font-normal text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

export function OrdersFilters({ view, orders, onChange, onClear }: Props) {
  const organization = useOrganization();
  const products = useProducts(organization.id);
  const discounts = useDiscounts(organization.id);
  const customerEmail =
    orders?.find((order) => order.customer_id === view.customerId)?.customer.email ?? null;

  return (
    <section
      aria-label="Filters"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <TypeSwitch value={view.productPriceType} onChange={(type) => onChange({ product_price_type: type })} />
      <Field label="Product">
        <select
          className={selectClass}
          value={view.productId ?? ""}
          onChange={(event) => onChange({ product_id: event.target.value || null })}
        >
          <option value="">All products</option>
          {products.data?.items.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
              {product.is_archived ? " (archived)" : ""}
            </option>
          ))}
          {view.productId && products.data && !products.data.items.some((p) => p.id === view.productId) ? (
            <option value={view.productId}>Other product</option>
          ) : null}
        </select>
      </Field>
      <Field label="Discount">
        <select
          className={selectClass}
          value={view.discountId ?? ""}
          onChange={(event) => onChange({ discount_id: event.target.value || null })}
        >
          <option value="">All discounts</option>
          {discounts.data?.items.map((discount) => (
            <option key={discount.id} value={discount.id}>
              {discount.code ? `${discount.code} · ${discount.name}` : discount.name}
            </option>
          ))}
          {view.discountId &&
          discounts.data &&
          !discounts.data.items.some((d) => d.id === view.discountId) ? (
            <option value={view.discountId}>Other discount</option>
          ) : null}
        </select>
      </Field>
      <CustomerCombobox
        organizationId={organization.id}
        value={view.customerId}
        valueLabel={customerEmail}
        onChange={(customerId) => onChange({ customer_id: customerId })}
      />
      <SearchBox
        label="Search by email"
        placeholder="e.g. ada@"
        value={view.query}
        onChange={(query) => onChange({ query })}
      />
      <Button onClick={onClear} disabled={!hasFilters(view)}>
        Clear filters
      </Button>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex min-w-[10rem] flex-1 flex-col text-xs font-medium text-zinc-600 dark:text-zinc-300">
      {label}
      {children}
    </label>
  );
}

const TYPES: (PriceType | null)[] = [null, "one_time", "recurring"];

function TypeSwitch({
  value,
  onChange,
}: {
  value: PriceType | null;
  onChange: (type: PriceType | null) => void;
}) {
  return (
    <div className="flex flex-col">
      <span id="orders-type-label" className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        Type
      </span>
      <div
        role="group"
        aria-labelledby="orders-type-label"
        className="mt-1 inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700"
      >
        {TYPES.map((type) => (
          <button
            key={type ?? "all"}
            type="button"
            aria-pressed={value === type}
            onClick={() => onChange(type)}
            className={`rounded px-2.5 py-1 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-500 ${
              value === type
                ? "bg-indigo-600 text-white dark:bg-indigo-500"
                : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            }`}
          >
            {type ? PRICE_TYPE_LABELS[type] : "All"}
          </button>
        ))}
      </div>
    </div>
  );
}
