// The buyer's downloadable files (docs/uploads-and-limits.md "Downloadable files"): every file of
// the `downloadables` grants they hold, each with a download link signed by this server and valid
// for ten minutes. The link is checked again when used: a grant revoked since (a refund, an ended
// subscription) downloads nothing, whatever link the buyer kept.
import { createHash } from "node:crypto";
import type { DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { ApiError } from "../core/errors";
import { toDownloadableFile } from "../files/schemas";
import { downloadLink, grantedFiles, verifyDownloadToken } from "../files/download-links";
import { fileStorage, type FileStorage } from "../files/storage";
import { DOWNLOADABLE_SERVICE } from "../files/services";
import { recordDownload } from "../files/downloads";
import { customerWhere } from "./tenancy";

/** A stable id for one file of one grant (the reference's downloadable id). */
function downloadableId(grantId: string, fileId: string): string {
  const hex = createHash("sha256").update(`${grantId}:${fileId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const filesOf = grantedFiles;

/** GET /v1/customer-portal/downloadables/: the files of the buyer's held downloadables grants. */
export async function listDownloadables(db: DbOrTx, principal: CustomerPrincipal, now = new Date()) {
  const grants = await db.benefitGrant.findMany({
    where: {
      ...customerWhere(principal),
      granted_at: { not: null },
      revoked_at: null,
      benefit: { type: "downloadables" },
    },
    orderBy: [{ granted_at: "asc" }, { id: "asc" }],
  });
  const fileIds = [...new Set(grants.flatMap((grant) => filesOf(grant.properties)))];
  const files = await db.media.findMany({
    where: { id: { in: fileIds }, service: DOWNLOADABLE_SERVICE, is_uploaded: true },
  });
  const byId = new Map(files.map((file) => [file.id, file]));
  const items = grants.flatMap((grant) =>
    filesOf(grant.properties).flatMap((fileId) => {
      const file = byId.get(fileId);
      if (!file) return [];
      const link = downloadLink(grant.id, fileId, now);
      return [
        {
          id: downloadableId(grant.id, fileId),
          benefit_id: grant.benefit_id,
          file: {
            ...toDownloadableFile(file),
            download: { ...link, headers: {} },
          },
        },
      ];
    }),
  );
  return { items, pagination: { total_count: items.length, max_page: 1 } };
}

/**
 * GET /v1/customer-portal/downloadables/{token}: the file, if the link is this server's, unexpired,
 * and its grant still held; else 403 (a link) or 404 (nothing to download). Each file served is
 * counted for the benefit's statistics (lib/files/downloads.ts), once its bytes are found.
 */
export async function openDownload(
  db: DbOrTx,
  token: string,
  options: { storage?: FileStorage; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const link = verifyDownloadToken(token, now);
  if (!link) {
    throw new ApiError(
      "NotPermitted",
      "This download link is not valid, or has expired: open your purchases again.",
    );
  }
  const { grantId, fileId } = link;
  const grant = await db.benefitGrant.findUnique({ where: { id: grantId } });
  if (!grant || grant.revoked_at || !filesOf(grant.properties).includes(fileId)) {
    throw new ApiError("ResourceNotFound", "This file is no longer yours to download.");
  }
  const file = await db.media.findFirst({
    where: { id: fileId, service: DOWNLOADABLE_SERVICE, is_uploaded: true },
  });
  const stored = file ? await (options.storage ?? fileStorage()).get(file.path) : null;
  if (!file || !stored) throw new ApiError("ResourceNotFound", "This file is not available.");
  try {
    await recordDownload(db, { benefitId: grant.benefit_id, fileId, customerId: grant.customer_id }, now);
  } catch (error) {
    // The opened file is not served: close it.
    await stored.body.cancel().catch(() => {});
    throw error;
  }
  return { file, stored };
}
