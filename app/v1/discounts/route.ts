// GET /v1/discounts/ — list discounts.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listDiscountsQuery, orderDiscountSchema } from "@/lib/discounts/schemas";
import { listDiscounts } from "@/lib/discounts/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "discounts:read",
      query: listDiscountsQuery,
      output: pageSchema(orderDiscountSchema),
      summary: "List discounts (by name); `query` searches names and codes",
    },
    ({ db, principal, query }) => listDiscounts(db, principal, query),
  ),
});
