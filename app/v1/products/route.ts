// GET /v1/products/ — list products with their prices, benefits and medias.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { checkoutProductSchema, listProductsQuery } from "@/lib/products/schemas";
import { listProducts } from "@/lib/products/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "products:read",
      query: listProductsQuery,
      output: pageSchema(checkoutProductSchema),
      summary: "List products (by name), with their prices, benefits and medias",
    },
    ({ db, principal, query }) => listProducts(db, principal, query),
  ),
});
