// POST /v1/products/{id}/benefits — set the product's benefits (its organization's, in order).
import { methods, route } from "@/lib/api/handler";
import { productParams, productSchema, updateProductBenefitsBody } from "@/lib/products/schemas";
import { updateProductBenefits } from "@/lib/products/manage";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "products:write",
      params: productParams,
      body: updateProductBenefitsBody,
      output: productSchema,
      summary: "Set a product's benefits, in order; answers the product",
    },
    ({ db, principal, params, body }) => updateProductBenefits(db, principal, params.id, body),
  ),
});
