// GET /v1/files/ — list uploaded files; POST — upload a product image (multipart/form-data: the
// image in a part named `file`, optional `name`), typed by its bytes, up to 10 MiB.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { UPLOAD_BODY_MAX_BYTES } from "@/lib/files/limits";
import { listFilesQuery, mediaSchema, uploadFileForm } from "@/lib/files/schemas";
import { uploadFile } from "@/lib/files/manage";
import { listFiles } from "@/lib/files/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "files:read",
      query: listFilesQuery,
      output: pageSchema(mediaSchema),
      summary: "List files (newest first); filter by `ids`",
    },
    ({ db, principal, query }) => listFiles(db, principal, query),
  ),
  POST: route(
    {
      auth: "files:write",
      upload: { maxBytes: UPLOAD_BODY_MAX_BYTES },
      body: uploadFileForm,
      output: mediaSchema,
      status: 201,
      summary:
        "Upload a product image (multipart/form-data, part `file`): PNG, JPEG, WebP or GIF by its content, ≤ 10 MiB",
    },
    ({ db, principal, body }) => uploadFile(db, principal, body),
  ),
});
