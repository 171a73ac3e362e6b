// GET /v1/custom-fields/ — list custom fields (filters `type`, `query`; sorting, pagination);
// POST creates one (201).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createCustomFieldBody, customFieldSchema, listCustomFieldsQuery } from "@/lib/custom-fields/schemas";
import { createCustomField, listCustomFields } from "@/lib/custom-fields/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "custom_fields:read",
      query: listCustomFieldsQuery,
      output: pageSchema(customFieldSchema),
      summary: "List custom fields; `query` searches names and slugs",
    },
    ({ db, principal, query }) => listCustomFields(db, principal, query),
  ),
  POST: route(
    {
      auth: "custom_fields:write",
      body: createCustomFieldBody,
      output: customFieldSchema,
      status: 201,
      summary: "Create a custom field (slug unique per organization)",
    },
    ({ db, principal, body }) => createCustomField(db, principal, body),
  ),
});
