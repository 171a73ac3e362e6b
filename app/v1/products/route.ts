// GET /v1/products/ — list products with their prices, benefits, medias and custom fields;
// POST — create a product with its prices (one-time or recurring), medias and custom fields.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createProductBody, listProductsQuery, productSchema } from "@/lib/products/schemas";
import { createProduct } from "@/lib/products/manage";
import { listProducts } from "@/lib/products/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "products:read",
      query: listProductsQuery,
      output: pageSchema(productSchema),
      summary: "List products (by name); sorting by price_amount uses each product's lowest buyable price",
    },
    ({ db, principal, query }) => listProducts(db, principal, query),
  ),
  POST: route(
    {
      auth: "products:write",
      body: createProductBody,
      output: productSchema,
      status: 201,
      summary: "Create a product: fixed, pay-what-you-want or free prices, one-time or recurring",
    },
    ({ db, principal, body }) => createProduct(db, principal, body),
  ),
});
