// POST /v1/files/{id}/uploaded — completes a file uploaded in parts: its parts' ETags, checked, the
// parts joined in order into the stored file, its size and SHA-256 checked (docs/uploads-and-limits.md).
import { methods, route } from "@/lib/api/handler";
import { completeUpload } from "@/lib/files/part-upload";
import { fileParams, fileSchema, fileUploadedBody } from "@/lib/files/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "files:write",
      params: fileParams,
      body: fileUploadedBody,
      output: fileSchema,
      summary: "Complete a file uploaded in parts",
    },
    ({ db, principal, params, body }) => completeUpload(db, principal, params.id, body),
  ),
});
