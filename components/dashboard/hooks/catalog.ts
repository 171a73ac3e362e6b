"use client";
// The catalog's resources over their /v1 routes, each with the usual list (filters, search,
// sorting), one, create, update and delete (`resourceHooks`); products also set their benefits
// (POST /v1/products/{id}/benefits replaces the list). The types are the schemas' inputs, so the
// dashboard is typed by the same schemas that validate the API (docs/architecture.md).
import type { z } from "zod";
import type * as benefit from "@/lib/benefits/schemas";
import type * as checkoutLink from "@/lib/checkout-links/schemas";
import type * as customField from "@/lib/custom-fields/schemas";
import type * as discount from "@/lib/discounts/schemas";
import type * as product from "@/lib/products/schemas";
import { apiFetch } from "@/components/api-client";
import { resourceHooks, useChangingMutation } from "./resource";

export type BenefitResource = z.input<typeof benefit.benefitResourceSchema>;
export type CreateBenefit = z.input<typeof benefit.createBenefitBody>;
export type UpdateBenefit = z.input<typeof benefit.updateBenefitBody>;
export type CheckoutLinkResource = z.input<typeof checkoutLink.checkoutLinkSchema>;
export type CreateCheckoutLink = z.input<typeof checkoutLink.createCheckoutLinkBody>;
export type UpdateCheckoutLink = z.input<typeof checkoutLink.updateCheckoutLinkBody>;
export type CustomField = z.input<typeof customField.customFieldSchema>;
export type CreateCustomField = z.input<typeof customField.createCustomFieldBody>;
export type UpdateCustomField = z.input<typeof customField.updateCustomFieldBody>;
export type DiscountResource = z.input<typeof discount.discountSchema>;
export type CreateDiscount = z.input<typeof discount.createDiscountBody>;
export type UpdateDiscount = z.input<typeof discount.updateDiscountBody>;
export type ProductResource = z.input<typeof product.productSchema>;
export type CreateProduct = z.input<typeof product.createProductBody>;
export type UpdateProduct = z.input<typeof product.updateProductBody>;
export type ProductPrice = ProductResource["prices"][number];
export type Media = z.input<typeof product.mediaSchema>;

/** A catalog resource lives at `/v1/<domain>/`, and its query keys start with the domain. */
function catalog<T extends { id: string }, Create, Update>(domain: string) {
  return resourceHooks<T, Create, Update>(domain, `/v1/${domain}/`);
}

export const benefits = catalog<BenefitResource, CreateBenefit, UpdateBenefit>("benefits");
export const checkoutLinks = catalog<CheckoutLinkResource, CreateCheckoutLink, UpdateCheckoutLink>(
  "checkout-links",
);
export const customFields = catalog<CustomField, CreateCustomField, UpdateCustomField>("custom-fields");
export const discounts = catalog<DiscountResource, CreateDiscount, UpdateDiscount>("discounts");
export const products = catalog<ProductResource, CreateProduct, UpdateProduct>("products");

/** Sets a product's benefits, in order; answers the product. */
export function useSetProductBenefits() {
  return useChangingMutation(
    ({ id, benefits }: { id: string; benefits: string[] }) =>
      apiFetch<ProductResource>(`/v1/products/${encodeURIComponent(id)}/benefits`, {
        method: "POST",
        body: { benefits },
      }),
    (queryClient, updated) => {
      queryClient.setQueryData(products.keys.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: products.keys.lists });
    },
  );
}
