// POST /v1/organizations/{id}/copy-catalog — copies a test organization's catalog (products,
// prices, images, benefits, custom fields, discounts, checkout links) into this live one, whose
// catalog is empty (docs/payments.md, "Test and live organizations").
import { methods, route } from "@/lib/api/handler";
import { copyCatalog } from "@/lib/organizations/copy-catalog";
import { copyCatalogBody, copyCatalogResultSchema, organizationParams } from "@/lib/organizations/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "organizations:write",
      params: organizationParams,
      body: copyCatalogBody,
      output: copyCatalogResultSchema,
      summary:
        "Copy a test organization's catalog into this live one (empty catalog only: 409 otherwise; 422 unless test → live)",
    },
    ({ db, principal, params, body }) => copyCatalog(db, principal, params.id, body),
  ),
});
