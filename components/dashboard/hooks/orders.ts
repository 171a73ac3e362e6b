"use client";
// Orders: the filtered, sorted, paginated list, one order, and the CSV export's URL.
import type { z } from "zod";
import type { orderSchema } from "@/lib/orders/schemas";
import { searchString } from "@/components/api-client";
import { resourceHooks } from "./resource";

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

/** A page of orders (the previous page stays on screen while the next one loads), one order. */
export const {
  keys: orderKeys,
  useList: useOrders,
  useOne: useOrder,
} = resourceHooks<Order>("orders", "/v1/orders/");

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
