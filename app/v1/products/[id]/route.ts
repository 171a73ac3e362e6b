// GET /v1/products/{id} — one product (archived ones too); PATCH changes the fields sent: `prices`
// keeps the `{id}` items, adds the others and archives the rest (a price never changes in place);
// DELETE removes one nothing refers to (409 `ProductNotDeletable` once sold or offered: archive it).
import { methods, route } from "@/lib/api/handler";
import { productParams, productSchema, updateProductBody } from "@/lib/products/schemas";
import { updateProduct } from "@/lib/products/manage";
import { deleteProduct } from "@/lib/products/delete";
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
  DELETE: route(
    {
      auth: "products:write",
      params: productParams,
      status: 204,
      summary:
        "Delete a product without orders, subscriptions, checkouts, checkout links or discounts; " +
        "409 ProductNotDeletable otherwise (archive it)",
    },
    ({ db, principal, params }) => deleteProduct(db, principal, params.id),
  ),
});
