// GET /v1/customer-portal/downloadables/{token} — a downloadable file, by the signed link the list
// answered (no token: the link is the authority, for ten minutes, and only while the grant is held).
import { methods, route } from "@/lib/api/handler";
import { openDownload } from "@/lib/customer-portal/downloadables";
import { downloadTokenParams } from "@/lib/customer-portal/schemas";

/** The name in the download's header: its letters, digits, dots, dashes and underscores. */
const headerName = (name: string) =>
  name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "") || "download";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "public",
      params: downloadTokenParams,
      produces: "application/octet-stream",
      summary: "Download a file by its signed link",
    },
    async ({ db, params }) => {
      const { file, stored } = await openDownload(db, params.token);
      return new Response(stored.body, {
        status: 200,
        headers: {
          // Never rendered by the browser as this site's page, whatever the merchant uploaded.
          "content-type": "application/octet-stream",
          "content-length": String(stored.size),
          "content-disposition": `attachment; filename="${headerName(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          "x-content-type-options": "nosniff",
          "cache-control": "private, no-store",
        },
      });
    },
  ),
});
