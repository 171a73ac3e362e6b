// GET /v1/checkout-links/ — list checkout links; POST — create one (201). Each link's `url`
// opens a fresh checkout session for its products (app/buy/[link]/route.ts).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import {
  checkoutLinkSchema,
  createCheckoutLinkBody,
  listCheckoutLinksQuery,
} from "@/lib/checkout-links/schemas";
import { createCheckoutLink, listCheckoutLinks } from "@/lib/checkout-links/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "checkout_links:read",
      query: listCheckoutLinksQuery,
      output: pageSchema(checkoutLinkSchema),
      summary: "List checkout links (filter by product)",
    },
    ({ db, principal, query }) => listCheckoutLinks(db, principal, query),
  ),
  POST: route(
    {
      auth: "checkout_links:write",
      body: createCheckoutLinkBody,
      output: checkoutLinkSchema,
      status: 201,
      summary: "Create a checkout link for one or more products; 409 if the slug is taken",
    },
    ({ db, principal, body }) => createCheckoutLink(db, principal, body),
  ),
});
