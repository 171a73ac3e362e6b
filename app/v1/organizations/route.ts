// GET /v1/organizations/ — the organizations the caller may see (a token: its own; a signed-in
// merchant: theirs); POST — a signed-in merchant creates one and becomes its owner.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createOrganization } from "@/lib/organizations/manage";
import {
  createOrganizationBody,
  listOrganizationsQuery,
  organizationResourceSchema,
} from "@/lib/organizations/schemas";
import { listOrganizations } from "@/lib/organizations/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "organizations:read",
      query: listOrganizationsQuery,
      output: pageSchema(organizationResourceSchema),
      summary: "List the organizations the caller may see; `slug` finds one by its slug",
    },
    ({ db, principal, query }) => listOrganizations(db, principal, query),
  ),
  POST: route(
    {
      auth: "session",
      body: createOrganizationBody,
      output: organizationResourceSchema,
      status: 201,
      summary:
        "Create an organization (signed-in merchants only; they become its owner); 409 if the slug is taken",
    },
    ({ db, principal, body }) => createOrganization(db, principal, body),
  ),
});
