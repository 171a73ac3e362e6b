// GET /v1/organizations/{id} — one of the caller's organizations; PATCH changes the fields sent
// (name, slug, avatar_url, email, subscription_settings, and the seller's legal_name, address and
// tax_id: docs/tax.md).
import { methods, route } from "@/lib/api/handler";
import { updateOrganization } from "@/lib/organizations/manage";
import {
  organizationParams,
  organizationResourceSchema,
  updateOrganizationBody,
} from "@/lib/organizations/schemas";
import { getOrganization } from "@/lib/organizations/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "organizations:read",
      params: organizationParams,
      output: organizationResourceSchema,
      summary: "Get an organization",
    },
    ({ db, principal, params }) => getOrganization(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "organizations:write",
      params: organizationParams,
      body: updateOrganizationBody,
      output: organizationResourceSchema,
      summary:
        "Update an organization: name, slug (409 if taken), avatar, support email, subscription settings, seller details (legal name, address, tax ID)",
    },
    ({ db, principal, params, body }) => updateOrganization(db, principal, params.id, body),
  ),
});
