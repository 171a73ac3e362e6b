"use client";
// The orders list's filters for the kit's toolbar: type, product, discount and customer (the email
// search is the toolbar's own box). Every change goes to the URL (and back to page 1).
import type { Order, PriceType } from "../hooks/orders";
import { useDiscounts, useProducts } from "../hooks/reference";
import { CustomerCombobox } from "../customer-combobox";
import { SelectFilter } from "../kit/select-filter";
import { useOrganization } from "../organization";
import type { UrlPatch } from "../url-state";
import { PRICE_TYPE_LABELS } from "./type-badge";
import type { OrdersView } from "./view";

type Props = {
  view: OrdersView;
  /** The orders on screen: they name the filtered customer. */
  orders: Order[] | undefined;
  onChange: (patch: UrlPatch) => void;
};

export function OrdersFilters({ view, orders, onChange }: Props) {
  const organization = useOrganization();
  const products = useProducts(organization.id);
  const discounts = useDiscounts(organization.id);
  const customerEmail =
    orders?.find((order) => order.customer_id === view.customerId)?.customer.email ?? null;

  return (
    <>
      <TypeSwitch value={view.productPriceType} onChange={(type) => onChange({ product_price_type: type })} />
      <SelectFilter
        label="Product"
        allLabel="All products"
        value={view.productId}
        options={(products.data?.items ?? []).map((product) => ({
          value: product.id,
          label: `${product.name}${product.is_archived ? " (archived)" : ""}`,
        }))}
        unknownLabel={products.isPending ? "Loading…" : "Other product"}
        onChange={(productId) => onChange({ product_id: productId })}
      />
      <SelectFilter
        label="Discount"
        allLabel="All discounts"
        value={view.discountId}
        options={(discounts.data?.items ?? []).map((discount) => ({
          value: discount.id,
          label: discount.code ? `${discount.code} · ${discount.name}` : discount.name,
        }))}
        unknownLabel={discounts.isPending ? "Loading…" : "Other discount"}
        onChange={(discountId) => onChange({ discount_id: discountId })}
      />
      <CustomerCombobox
        organizationId={organization.id}
        value={view.customerId}
        valueLabel={customerEmail}
        onChange={(customerId) => onChange({ customer_id: customerId })}
      />
    </>
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
