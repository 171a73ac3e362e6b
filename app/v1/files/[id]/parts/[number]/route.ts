// PUT /v1/files/{id}/parts/{number}?expires=…&signature=… — one part of a file uploaded in parts,
// its bytes as the body (any media type, at most 64 MiB), at the URL the announcement answered:
// its signature is the authority (no token). Answers the part's ETag (docs/uploads-and-limits.md).
import { methods, route } from "@/lib/api/handler";
import { MAX_UPLOAD_PART_BYTES } from "@/lib/files/limits";
import { receivePart } from "@/lib/files/part-upload";
import { partParams, partQuery, partReceivedSchema } from "@/lib/files/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route(
    {
      auth: "public",
      params: partParams,
      query: partQuery,
      stream: { maxBytes: MAX_UPLOAD_PART_BYTES },
      idempotency: "none",
      output: partReceivedSchema,
      summary: "Upload one part of a file (the URL its announcement answered)",
    },
    async ({ db, params, query, request }) => {
      const { etag } = await receivePart(db, params.id, params.number, query, request.body);
      // The ETag the completion sends back, in the header as S3 answers it too.
      return new Response(JSON.stringify({ number: params.number, checksum_etag: etag }), {
        status: 200,
        headers: { "content-type": "application/json", etag: `"${etag}"` },
      });
    },
  ),
});
