"use client";
// Orders: the filtered, sorted, paginated list, one order, and the CSV export's URL.
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { orderSchema } from "@/lib/orders/schemas";
import { apiFetch, searchString, type Page } from "@/components/api-client";

export type Order = z.input<typeof orderSchema>;
export type PriceType = Order["product_price"]["type"];

/** The list's filters and sorting: what both the list and the CSV export accept. */
export type OrderFilters = {
  organization_id: string;
  product_id?: string;
  product_price_type?: PriceType;
  discount_id?: string;
  customer_id?: string;
  /** Substring of the customer's email. */
  query?: string;
  sorting?: readonly string[];
};

export type OrderListParams = OrderFilters & { page?: number; limit?: number };

export const orderKeys = {
  all: ["orders"] as const,
  list: (params: OrderListParams) => ["orders", "list", params] as const,
  detail: (id: string) => ["orders", "detail", id] as const,
};

/** A page of orders; the previous page stays on screen while the next one loads. */
export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => apiFetch<Page<Order>>("/v1/orders/", { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Order>(`/v1/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The CSV download of every order matching the filters, in the same order (no pagination). */
export function exportUrl(filters: OrderFilters): string {
  const { organization_id, product_id, product_price_type, discount_id, customer_id, query, sorting } =
    filters;
  return (
    "/v1/orders/export" +
    searchString({
      organization_id,
      product_id,
      product_price_type,
      discount_id,
      customer_id,
      query,
      sorting,
    })
  );
}
