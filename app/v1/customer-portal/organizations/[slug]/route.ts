// GET /v1/customer-portal/organizations/{slug} — whose portal this is (public: the sign-in page).
import { methods, route } from "@/lib/api/handler";
import { getPortalOrganization } from "@/lib/customer-portal/customer";
import { organizationSlugParams, portalOrganizationSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "public",
      params: organizationSlugParams,
      output: portalOrganizationSchema,
      summary: "Get an organization's public profile for its customer portal, by slug",
    },
    ({ db, params }) => getPortalOrganization(db, params.slug),
  ),
});
