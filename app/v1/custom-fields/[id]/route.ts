// GET /v1/custom-fields/{id} — one custom field; PATCH changes name, slug, properties or metadata
// (never the type); DELETE removes a field no product uses (204).
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { customFieldSchema, updateCustomFieldBody } from "@/lib/custom-fields/schemas";
import { deleteCustomField, getCustomField, updateCustomField } from "@/lib/custom-fields/service";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "custom_fields:read", params, output: customFieldSchema, summary: "Get a custom field" },
    ({ db, principal, params }) => getCustomField(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "custom_fields:write",
      params,
      body: updateCustomFieldBody,
      output: customFieldSchema,
      summary: "Update a custom field (its type cannot change)",
    },
    ({ db, principal, params, body }) => updateCustomField(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "custom_fields:write",
      params,
      status: 204,
      summary: "Delete a custom field that no product uses (409 otherwise)",
    },
    ({ db, principal, params }) => deleteCustomField(db, principal, params.id),
  ),
});
