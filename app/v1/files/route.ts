// GET /v1/files/ — list uploaded files; POST — upload a product image (multipart/form-data: the
// image in a part named `file`, optional `name`), typed by its bytes, up to 10 MiB; or, as JSON,
// announce a downloadable uploaded in parts (its parts' signed URLs answered; docs/uploads-and-limits.md).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { UPLOAD_BODY_MAX_BYTES } from "@/lib/files/limits";
import {
  fileCreateBody,
  fileSchema,
  fileUploadSchema,
  listFilesQuery,
  uploadFileForm,
  type FileCreateBody,
} from "@/lib/files/schemas";
import { uploadFile } from "@/lib/files/manage";
import { announceFile } from "@/lib/files/part-upload";
import { listFiles } from "@/lib/files/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "files:read",
      query: listFilesQuery,
      output: pageSchema(fileSchema),
      summary: "List files (newest first); filter by `ids`",
    },
    ({ db, principal, query }) => listFiles(db, principal, query),
  ),
  POST: route(
    {
      auth: "files:write",
      upload: { maxBytes: UPLOAD_BODY_MAX_BYTES, json: true },
      body: uploadFileForm,
      jsonBody: fileCreateBody,
      output: fileUploadSchema.or(fileSchema),
      status: 201,
      summary:
        "Upload a product image (multipart/form-data, part `file`: PNG, JPEG, WebP or GIF by its content, ≤ 10 MiB), or announce a downloadable (JSON: its size and parts, ≤ 1 GiB) and get its parts' upload URLs",
    },
    ({ db, principal, body }) =>
      // A JSON body was checked against fileCreateBody (`jsonBody`): it announces an upload in parts.
      "upload" in body
        ? announceFile(db, principal, body as unknown as FileCreateBody)
        : uploadFile(db, principal, body),
  ),
});
