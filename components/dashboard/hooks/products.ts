"use client";
// Products over /v1/products/ (list with search, filters and sorting; one; create; update), the
// product's benefits (POST /v1/products/{id}/benefits replaces the list), and image uploads.
import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  createProductBody,
  mediaSchema,
  productSchema,
  updateProductBody,
} from "@/lib/products/schemas";
import { apiFetch } from "@/components/api-client";
import { resourceHooks } from "./resource";

export type ProductResource = z.input<typeof productSchema>;
export type ProductPrice = ProductResource["prices"][number];
export type Media = z.input<typeof mediaSchema>;
export type CreateProduct = z.input<typeof createProductBody>;
export type UpdateProduct = z.input<typeof updateProductBody>;

export const products = resourceHooks<ProductResource, CreateProduct, UpdateProduct>(
  "products",
  "/v1/products/",
);

/** Sets a product's benefits, in order; answers the product. */
export function useSetProductBenefits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, benefits }: { id: string; benefits: string[] }) =>
      apiFetch<ProductResource>(`/v1/products/${encodeURIComponent(id)}/benefits`, {
        method: "POST",
        body: { benefits },
      }),
    onSuccess: (product) => {
      queryClient.setQueryData(products.keys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: products.keys.lists });
    },
  });
}
