"use client";
// The organization's products, discounts, customers and benefits, for filter pickers and labels.
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { customerSchema } from "@/lib/customers/schemas";
import type { orderDiscountSchema } from "@/lib/discounts/schemas";
import type { benefitSchema, checkoutProductSchema } from "@/lib/products/schemas";
import { apiFetch, type Page } from "@/components/api-client";

export type Product = z.input<typeof checkoutProductSchema>;
export type Discount = z.input<typeof orderDiscountSchema>;
export type Customer = z.input<typeof customerSchema>;
export type Benefit = z.input<typeof benefitSchema>;

export const referenceKeys = {
  products: (organizationId: string) => ["products", "list", organizationId] as const,
  discounts: (organizationId: string) => ["discounts", "list", organizationId] as const,
  benefits: (organizationId: string) => ["benefits", "list", organizationId] as const,
  customers: (organizationId: string, query: string) => ["customers", "list", organizationId, query] as const,
};

// Pickers show the first 100 (the API's largest page); customers are searched instead.
const ALL = { limit: 100 };

/** The organization's first 100 of one resource, kept fresh for a minute. */
function useFirstPage<T>(queryKey: readonly unknown[], path: string, organizationId: string) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiFetch<Page<T>>(path, { query: { ...ALL, organization_id: organizationId }, signal }),
    staleTime: 60_000,
  });
}

export function useProducts(organizationId: string) {
  return useFirstPage<Product>(referenceKeys.products(organizationId), "/v1/products/", organizationId);
}

export function useDiscounts(organizationId: string) {
  return useFirstPage<Discount>(referenceKeys.discounts(organizationId), "/v1/discounts/", organizationId);
}

export function useBenefits(organizationId: string) {
  return useFirstPage<Benefit>(referenceKeys.benefits(organizationId), "/v1/benefits/", organizationId);
}

/** Customers whose email or name contains `query` (all when empty), first 20. */
export function useCustomerSearch(organizationId: string, query: string) {
  return useQuery({
    queryKey: referenceKeys.customers(organizationId, query),
    queryFn: ({ signal }) =>
      apiFetch<Page<Customer>>("/v1/customers/", {
        query: { limit: 20, organization_id: organizationId, query: query.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
