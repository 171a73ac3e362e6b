// Download statistics of the `downloadables` benefit's files (docs/uploads-and-limits.md
// "Download statistics"): one row per benefit, file and customer (`file_downloads`), counted by one
// upsert each time a signed link serves the file, outside any transaction (the download is not
// held up by a lock, and a count is all it writes); read for GET /v1/benefits/{id}/files.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";

/** Counts one download of `fileId` by `customerId` through a grant of `benefitId`. */
export async function recordDownload(
  db: DbOrTx,
  download: { benefitId: string; fileId: string; customerId: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await directSql(
    db,
    Prisma.sql`INSERT INTO file_downloads
        (benefit_id, media_id, customer_id, downloads, first_downloaded_at, last_downloaded_at)
      VALUES (${download.benefitId}::uuid, ${download.fileId}::uuid, ${download.customerId}::uuid, 1,
        ${at}::timestamp, ${at}::timestamp)
      ON CONFLICT (benefit_id, media_id, customer_id) DO UPDATE
        SET downloads = LEAST(file_downloads.downloads, 2147483646) + 1,
          last_downloaded_at = EXCLUDED.last_downloaded_at
      RETURNING 1 AS counted`,
  );
}

export type DownloadStats = { downloaders: number; downloads: number };

/** Per file of `fileIds`: how many customers downloaded it through `benefitId`, and how often. */
export async function downloadStats(
  db: DbOrTx,
  benefitId: string,
  fileIds: readonly string[],
): Promise<Map<string, DownloadStats>> {
  if (!fileIds.length) return new Map();
  // Integers, not bigint: every driver reads them alike (lib/db/direct.ts).
  const rows = await directSql<{ media_id: string; downloaders: number; downloads: number }>(
    db,
    Prisma.sql`SELECT media_id::text AS media_id, count(*)::int AS downloaders,
        LEAST(sum(downloads), 2147483647)::int AS downloads
      FROM file_downloads
      WHERE benefit_id = ${benefitId}::uuid AND media_id = ANY(${fileIds as string[]}::uuid[])
      GROUP BY media_id`,
  );
  return new Map(
    rows.map((row) => [row.media_id, { downloaders: row.downloaders, downloads: row.downloads }]),
  );
}
