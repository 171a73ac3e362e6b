// GET /files/{id}/{name} — an uploaded file at its public_url, for <img> tags anywhere (the hosted
// checkout, the merchant's site). Found by id; the name is decoration and is never read, and the
// bytes come from the key the file's row holds, so no URL can reach another path. The content is
// immutable per id: cached for a year, with a strong ETag.
import { methods, route } from "@/lib/api/handler";
import { ApiError } from "@/lib/core/errors";
import { servedFileParams } from "@/lib/files/schemas";
import { urlFileName } from "@/lib/files/names";
import { findServedFile, openServedFile, type ServedFile } from "@/lib/files/service";
import { extensionOf } from "@/lib/files/sniff";

function fileHeaders(file: ServedFile): Record<string, string> {
  return {
    "content-type": file.mime_type,
    etag: `"${file.checksum_etag ?? file.checksum_sha256_hex}"`,
    "cache-control": "public, max-age=31536000, immutable",
    // Never sniffed into something else, never a document that runs or loads anything, never
    // framed (next.config.js leaves this route's policy alone), and saved under a name whose
    // extension is the stored type's, not the merchant's.
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "content-disposition": `inline; filename="${urlFileName(file.name, extensionOf(file.mime_type))}"`,
  };
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return (
    ifNoneMatch.trim() === "*" ||
    ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)
  );
}

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "public", params: servedFileParams, produces: "image/*", summary: "An uploaded file" },
    async ({ db, params, request }) => {
      const file = await findServedFile(db, params.id);
      if (!file) throw ApiError.notFound();
      const headers = fileHeaders(file);
      if (matches(request.headers.get("if-none-match"), headers.etag!))
        return new Response(null, { status: 304, headers });
      const stored = await openServedFile(file);
      if (!stored) throw ApiError.notFound();
      return new Response(stored.body, {
        status: 200,
        headers: { ...headers, "content-length": String(stored.size) },
      });
    },
  ),
});
