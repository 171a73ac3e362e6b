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

export function useProducts(organizationId: string) {
  return useQuery({
    queryKey: referenceKeys.products(organizationId),
    queryFn: ({ signal }) =>
      apiFetch<Page<Product>>("/v1/products/", {
        query: { ...ALL, organization_id: organizationId },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useDiscounts(organizationId: string) {
  return useQuery({
    queryKey: referenceKeys.discounts(organizationId),
    queryFn: ({ signal }) =>
      apiFetch<Page<Discount>>("/v1/discounts/", {
        query: { ...ALL, organization_id: organizationId },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useBenefits(organizationId: string) {
  return useQuery({
    queryKey: referenceKeys.benefits(organizationId),
    queryFn: ({ signal }) =>
      apiFetch<Page<Benefit>>("/v1/benefits/", {
        query: { ...ALL, organization_id: organizationId },
        signal,
      }),
    staleTime: 60_000,
  });
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
