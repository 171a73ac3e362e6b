// GET /v1/discounts/ — list discounts; POST — create one (code unique per organization, any case).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createDiscountBody, discountSchema, listDiscountsQuery } from "@/lib/discounts/schemas";
import { createDiscount } from "@/lib/discounts/manage";
import { listDiscounts } from "@/lib/discounts/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "discounts:read",
      query: listDiscountsQuery,
      output: pageSchema(discountSchema),
      summary: "List discounts (by name); `query` searches names and codes",
    },
    ({ db, principal, query }) => listDiscounts(db, principal, query),
  ),
  POST: route(
    {
      auth: "discounts:write",
      body: createDiscountBody,
      output: discountSchema,
      status: 201,
      summary: "Create a discount: fixed or percentage, once, forever or repeating; 409 if the code exists",
    },
    ({ db, principal, body }) => createDiscount(db, principal, body),
  ),
});
