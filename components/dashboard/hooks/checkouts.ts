"use client";
// Checkout sessions over /v1/checkouts/custom/ (merchant view): the list and one session.
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { checkoutSchema } from "@/lib/checkout/schemas";
import { apiFetch, type Page } from "@/components/api-client";

export type Checkout = z.input<typeof checkoutSchema>;

export type CheckoutListParams = {
  organization_id: string;
  status?: string;
  product_id?: string;
  sorting: string[];
  page: number;
  limit: number;
};

export const checkoutKeys = {
  all: ["checkouts"] as const,
  lists: ["checkouts", "list"] as const,
  list: (params: CheckoutListParams) => ["checkouts", "list", params] as const,
  detail: (id: string) => ["checkouts", "detail", id] as const,
};

export function useCheckouts(params: CheckoutListParams) {
  return useQuery({
    queryKey: checkoutKeys.list(params),
    queryFn: ({ signal }) => apiFetch<Page<Checkout>>("/v1/checkouts/custom/", { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCheckout(id: string) {
  return useQuery({
    queryKey: checkoutKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Checkout>(`/v1/checkouts/custom/${encodeURIComponent(id)}`, { signal }),
  });
}
