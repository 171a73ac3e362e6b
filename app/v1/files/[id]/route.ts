// GET /v1/files/{id} — one file; DELETE removes it and its stored bytes, 409 while a product shows it.
import { methods, route } from "@/lib/api/handler";
import { fileParams, fileSchema } from "@/lib/files/schemas";
import { deleteFile } from "@/lib/files/manage";
import { getFile } from "@/lib/files/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "files:read", params: fileParams, output: fileSchema, summary: "Get a file" },
    ({ db, principal, params }) => getFile(db, principal, params.id),
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
