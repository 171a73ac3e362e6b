// GET /v1/discounts/{id} — one discount; PATCH changes the fields sent; DELETE marks it deleted
// (past orders and subscriptions keep it, it can no longer be redeemed, its code is freed).
import { methods, route } from "@/lib/api/handler";
import { discountParams, discountSchema, updateDiscountBody } from "@/lib/discounts/schemas";
import { deleteDiscount, updateDiscount } from "@/lib/discounts/manage";
import { getDiscount } from "@/lib/discounts/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "discounts:read", params: discountParams, output: discountSchema, summary: "Get a discount" },
    ({ db, principal, params }) => getDiscount(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "discounts:write",
      params: discountParams,
      body: updateDiscountBody,
      output: discountSchema,
      summary: "Update a discount; type and duration cannot change, amounts only before a redemption",
    },
    ({ db, principal, params, body }) => updateDiscount(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "discounts:write",
      params: discountParams,
      status: 204,
      summary: "Delete a discount: no longer redeemable; orders and subscriptions that used it keep it",
    },
    ({ db, principal, params }) => deleteDiscount(db, principal, params.id),
  ),
});
