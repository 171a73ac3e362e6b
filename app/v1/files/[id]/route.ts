// GET /v1/files/{id} — one file; PATCH renames it or sets its version label; DELETE removes it and
// its stored bytes, 409 while a product shows it.
import { methods, route } from "@/lib/api/handler";
import { fileParams, fileSchema, fileUpdateBody } from "@/lib/files/schemas";
import { deleteFile, updateFile } from "@/lib/files/manage";
import { getFile } from "@/lib/files/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "files:read", params: fileParams, output: fileSchema, summary: "Get a file" },
    ({ db, principal, params }) => getFile(db, principal, params.id),
  ),
  PATCH: route(
    {
      auth: "files:write",
      params: fileParams,
      body: fileUpdateBody,
      output: fileSchema,
      summary: "Update a file's name or version label",
    },
    ({ db, principal, params, body }) => updateFile(db, principal, params.id, body),
  ),
  DELETE: route(
    {
      auth: "files:write",
      params: fileParams,
      status: 204,
      summary: "Delete a file; 409 while a product shows it (remove it from the product first)",
    },
    ({ db, principal, params }) => deleteFile(db, principal, params.id),
  ),
});
