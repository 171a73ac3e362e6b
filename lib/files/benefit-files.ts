// GET /v1/benefits/{id}/files (the reference's `benefits.files`): the files of a `downloadables`
// benefit, in the benefit's order (archived ones too: their buyers still have them), each with its
// download statistics through this benefit (./downloads.ts). A benefit of another type has no
// files: an empty page. Another organization's benefit is 404.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { pageOf, paginationQuery, skipTake } from "../core/pagination";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { normalizedProperties, type DownloadablesBenefitProperties } from "../benefits/schemas";
import { downloadableFileSchema, toDownloadableFile } from "./schemas";
import { DOWNLOADABLE_SERVICE } from "./services";
import { downloadStats } from "./downloads";

export const listBenefitFilesQuery = z.object({ ...paginationQuery });
export type ListBenefitFilesQuery = z.output<typeof listBenefitFilesQuery>;

export const benefitDownloadableFileSchema = downloadableFileSchema.extend({
  /** Customers who downloaded the file through this benefit at least once. */
  downloaders: z.number().int(),
  /** Every download of the file through this benefit (each signed link served). */
  downloads: z.number().int(),
});

export async function listBenefitFiles(
  db: DbOrTx,
  principal: Principal,
  benefitId: string,
  query: ListBenefitFilesQuery,
) {
  const benefit = foundOrThrow(
    await db.benefit.findFirst({
      where: { id: benefitId, ...tenantWhere(principal) },
      select: { type: true, properties: true, organization_id: true },
    }),
  );
  const fileIds =
    benefit.type === "downloadables"
      ? (normalizedProperties("downloadables", benefit.properties) as DownloadablesBenefitProperties).files
      : [];
  // At most MAX_DOWNLOADABLE_FILES ids: the rows are read whole and paged here, in the benefit's order.
  const rows = fileIds.length
    ? await db.media.findMany({
        where: {
          id: { in: fileIds },
          organization_id: benefit.organization_id,
          service: DOWNLOADABLE_SERVICE,
        },
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const files = [...new Set(fileIds)].flatMap((id) => byId.get(id) ?? []);
  const { skip, take } = skipTake(query);
  const page = files.slice(skip, skip + take);
  const stats = await downloadStats(
    db,
    benefitId,
    page.map((file) => file.id),
  );
  const items = page.map((file) => ({
    ...toDownloadableFile(file),
    ...(stats.get(file.id) ?? { downloaders: 0, downloads: 0 }),
  }));
  return pageOf(items, files.length, query);
}
