// GET /v1/checkout-links/{id} — one link; PATCH changes the fields sent; DELETE marks it deleted
// (its URL then answers 410; sessions it opened are kept).
import { methods, route } from "@/lib/api/handler";
import { checkoutLinkParams, checkoutLinkSchema, updateCheckoutLinkBody } from "@/lib/checkout-links/schemas";
import { deleteCheckoutLink, getCheckoutLink, updateCheckoutLink } from "@/lib/checkout-links/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "checkout_links:read",
      params: checkoutLinkParams,
      output: checkoutLinkSchema,
      summary: "Get a checkout link",
    },
    ({ db, principal, params }) => getCheckoutLink(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "checkout_links:write",
      params: checkoutLinkParams,
      body: updateCheckoutLinkBody,
      output: checkoutLinkSchema,
      summary: "Update a checkout link; `products` replaces the list",
    },
    ({ db, principal, params, body }) => updateCheckoutLink(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "checkout_links:write",
      params: checkoutLinkParams,
      status: 204,
      summary: "Delete a checkout link: its URL answers 410 from then on",
    },
    ({ db, principal, params }) => deleteCheckoutLink(db, principal, params.id),
  ),
});
