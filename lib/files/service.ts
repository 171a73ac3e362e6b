// Reading files: the list, one file, and a file as its public URL serves it.
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { toFile, type ListFilesQuery } from "./schemas";
import { PRODUCT_MEDIA_SERVICE } from "./services";
import { fileStorage, type FileStorage } from "./storage";

export async function listFiles(db: DbOrTx, principal: Principal, query: ListFilesQuery) {
  const ids = oneOf(query.ids);
  const page = await listPage(db.media, principal, query, { where: ids ? { id: ids } : undefined });
  return mapPage(page, toFile);
}

/** The file `id` as the API shows it, or 404 (missing, or another tenant's). */
export async function getFile(db: DbOrTx, principal: Principal, id: string) {
  return toFile(foundOrThrow(await db.media.findFirst({ where: { id, ...tenantWhere(principal) } })));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The file behind a public URL: public to anyone who has its id (product images are shown on the
 * hosted checkout), found by id only, and read from the key its row holds. Null when unknown, and
 * for a downloadable: those are served only through a buyer's signed link.
 */
export async function findServedFile(db: DbOrTx, id: string) {
  if (!UUID.test(id)) return null;
  return db.media.findFirst({
    where: { id: id.toLowerCase(), service: PRODUCT_MEDIA_SERVICE, is_uploaded: true },
    select: {
      id: true,
      name: true,
      path: true,
      mime_type: true,
      checksum_etag: true,
      checksum_sha256_hex: true,
    },
  });
}

export type ServedFile = NonNullable<Awaited<ReturnType<typeof findServedFile>>>;

/** The stored bytes of a served file, or null when the store has lost them. */
export async function openServedFile(file: ServedFile, storage: FileStorage = fileStorage()) {
  const stored = await storage.get(file.path);
  if (!stored) console.warn(`The file of media ${file.id} is missing from storage (${file.path}).`);
  return stored;
}
