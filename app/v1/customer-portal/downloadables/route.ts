// GET /v1/customer-portal/downloadables/ — the files of the buyer's downloadables benefits, each with
// a download link signed by this server, valid for ten minutes (docs/uploads-and-limits.md).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { listDownloadables } from "@/lib/customer-portal/downloadables";
import { portalDownloadableSchema } from "@/lib/customer-portal/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "customer",
      output: pageSchema(portalDownloadableSchema),
      summary: "List the customer's downloadable files, with their download links",
    },
    ({ db, principal }) => listDownloadables(db, principal),
  ),
});
