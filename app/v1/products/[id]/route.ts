// GET /v1/products/{id} — one product (archived ones too); PATCH changes the fields sent: `prices`
// keeps the `{id}` items, adds the others and archives the rest (a price never changes in place).
import { methods, route } from "@/lib/api/handler";
import { productParams, productSchema, updateProductBody } from "@/lib/products/schemas";
import { updateProduct } from "@/lib/products/manage";
import { getProduct } from "@/lib/products/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "products:read", params: productParams, output: productSchema, summary: "Get a product" },
    ({ db, principal, params }) => getProduct(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "products:write",
      params: productParams,
      body: updateProductBody,
      output: productSchema,
      summary: "Update a product; prices left out of `prices` are archived, `is_archived` archives it",
    },
    ({ db, principal, params, body }) => updateProduct(db, principal, params.id, body),
  ),
});
