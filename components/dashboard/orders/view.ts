// The orders view as the URL holds it (filters, sorting, page, page size), read leniently: a
// malformed or unknown value falls back to its default, and defaults are never written back.
import type { OrderListParams, PriceType } from "../hooks/orders";

export const DEFAULT_SORTING = ["-created_at"] as const;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIMIT = 20;
/** The API's largest page. A shared link may carry any size up to it (`limit=2`). */
export const MAX_LIMIT = 100;

export const SORT_FIELDS = ["created_at", "amount", "customer", "product", "discount", "subscription"];

/** URL keys of the filters: the API's own parameter names. */
export const FILTER_KEYS = [
  "product_price_type",
  "product_id",
  "discount_id",
  "customer_id",
  "query",
] as const;

export type OrdersView = {
  productPriceType: PriceType | null;
  productId: string | null;
  discountId: string | null;
  customerId: string | null;
  query: string | null;
  sorting: string[];
  page: number;
  limit: number;
};

type Reader = { get: (key: string) => string | null; getAll: (key: string) => string[] };

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

function validSorting(values: string[]): string[] {
  const valid = values.filter((value) => SORT_FIELDS.includes(value.replace(/^-/, "")));
  return valid.length ? valid : [...DEFAULT_SORTING];
}

export function readOrdersView({ get, getAll }: Reader): OrdersView {
  const type = get("product_price_type");
  const limit = positiveInt(get("limit"));
  return {
    productPriceType: type === "one_time" || type === "recurring" ? type : null,
    productId: get("product_id") || null,
    discountId: get("discount_id") || null,
    customerId: get("customer_id") || null,
    query: get("query")?.trim() || null,
    sorting: validSorting(getAll("sorting")),
    page: positiveInt(get("page")) ?? 1,
    limit: limit && limit <= MAX_LIMIT ? limit : DEFAULT_LIMIT,
  };
}

export function hasFilters(view: OrdersView): boolean {
  return !!(view.productPriceType || view.productId || view.discountId || view.customerId || view.query);
}

/** The list request for the view. */
export function listParams(organizationId: string, view: OrdersView): OrderListParams {
  return {
    organization_id: organizationId,
    product_price_type: view.productPriceType ?? undefined,
    product_id: view.productId ?? undefined,
    discount_id: view.discountId ?? undefined,
    customer_id: view.customerId ?? undefined,
    query: view.query ?? undefined,
    sorting: view.sorting,
    page: view.page,
    limit: view.limit,
  };
}

/** The URL value of a sorting: none (left out) when it is the default. */
export function sortingParam(sorting: readonly string[]): string[] | null {
  const isDefault =
    sorting.length === DEFAULT_SORTING.length && sorting.every((v, i) => v === DEFAULT_SORTING[i]);
  return isDefault ? null : [...sorting];
}

export function limitParam(limit: number): number | null {
  return limit === DEFAULT_LIMIT ? null : limit;
}

/** Removes every filter, keeping sorting and page size. */
export const CLEAR_FILTERS = Object.fromEntries(FILTER_KEYS.map((key) => [key, null])) as Record<
  (typeof FILTER_KEYS)[number],
  null
>;
