// Uploading, renaming and deleting files.
//
// Upload: the body was streamed to a temporary file (lib/api/multipart.ts); the type is read from the bytes
// (./sniff.ts) and the dimensions from the image's header (./dimensions.ts, at most
// MAX_IMAGE_PIXELS); the file is moved into storage first, then its Media
// row is inserted. A crash between the two leaves a file no row points at: harmless garbage, never
// served (files are reached through their row). A failed insert removes the file it just wrote.
//
// Delete: refused with 409 while a product shows the image (the merchant removes it from the
// product first), so that no product loses an image silently. The row is locked before the check,
// so a product attaching the image concurrently either commits first (and the delete is 409) or
// waits and then finds no image. The row goes first, then the file: a crash in between again
// leaves only garbage.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { publicBaseUrl } from "../public-url";
import { imageDimensions } from "./dimensions";
import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS } from "./limits";
import { storedFileName, urlFileName } from "./names";
import { toFile, toMedia, type FileUpdateBody, type UploadFileForm } from "./schemas";
import type { ReceivedFile } from "./received-file";
import { fileStorage, type FileStorage } from "./storage";
import fs from "node:fs";
import { partsDirectory } from "./part-upload";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

import { PRODUCT_MEDIA_SERVICE } from "./services";

export { PRODUCT_MEDIA_SERVICE };

const NOT_AN_IMAGE = "The file should be a PNG, JPEG, WebP or GIF image.";

/**
 * The received file's image type, once its dimensions are read from its header and found within
 * MAX_IMAGE_PIXELS; 413 past MAX_FILE_BYTES, 422 otherwise.
 */
async function checkedImage(file: ReceivedFile) {
  if (file.size > MAX_FILE_BYTES)
    throw new ApiError("PayloadTooLarge", `The file should be at most ${MAX_FILE_BYTES} bytes.`);
  const type = file.type;
  if (!type) throw ApiError.invalid(["body", "file"], NOT_AN_IMAGE, file.name);
  const size = await imageDimensions((offset, length) => file.readAt(offset, length), type);
  if (!size || size.width === 0 || size.height === 0)
    throw ApiError.invalid(["body", "file"], `${NOT_AN_IMAGE} Its header cannot be read.`, file.name);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw ApiError.invalid(
      ["body", "file"],
      `The image should have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels ` +
        `(${MAX_IMAGE_PIXELS} pixels); this one is ${size.width}×${size.height}.`,
      file.name,
    );
  }
  return type;
}

export async function uploadFile(
  db: Db,
  principal: Principal,
  form: UploadFileForm,
  options: { storage?: FileStorage; now?: Date } = {},
) {
  const organizationId = organizationForCreate(principal, form.organization_id);
  const file = form.file;
  const type = await checkedImage(file);
  const storage = options.storage ?? fileStorage();
  const now = options.now ?? new Date();
  const id = randomUUID();
  const name = storedFileName(form.name, file.name, type.extension);
  const key = `${organizationId}/${id}`;

  await storage.putFile(key, file.path);
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.media.create({
        data: {
          id,
          created_at: now,
          organization_id: organizationId,
          name,
          path: key,
          mime_type: type.mimeType,
          size: file.size,
          storage_version: null,
          // What an S3-compatible store answers for a single-part upload: the MD5, in hex.
          checksum_etag: file.md5Hex,
          checksum_sha256_base64: file.sha256.toString("base64"),
          checksum_sha256_hex: file.sha256.toString("hex"),
          last_modified_at: now,
          version: null,
          service: PRODUCT_MEDIA_SERVICE,
          is_uploaded: true,
          public_url: `${publicBaseUrl()}/files/${id}/${urlFileName(name, type.extension)}`,
        },
      });
      return toMedia(row);
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
}

/**
 * PATCH /v1/files/{id}: the file's name and version label, as the files API answers it; 404 for
 * another organization's. One conditional UPDATE: nothing else of the file changes.
 */
export async function updateFile(db: Db, principal: Principal, id: string, body: FileUpdateBody) {
  const data: { name?: string; version?: string | null } = {};
  if (body.name != null) data.name = body.name;
  if (body.version !== undefined) data.version = body.version || null;
  const where = { id, ...tenantWhere(principal) };
  if (!Object.keys(data).length) return toFile(foundOrThrow(await db.media.findFirst({ where })));
  const [row] = await db.media.updateManyAndReturn({ where, data });
  return toFile(foundOrThrow(row));
}

export async function deleteFile(
  db: Db,
  principal: Principal,
  id: string,
  options: { storage?: FileStorage } = {},
) {
  const media = await db.$transaction(async (tx) => {
    await lockRow(tx, "medias", id);
    const row = foundOrThrow(await tx.media.findFirst({ where: { id, ...tenantWhere(principal) } }));
    const uses = await tx.productMedia.count({ where: { media_id: id } });
    if (uses) {
      throw new ApiError(
        "ConflictError",
        `This file is an image of ${uses === 1 ? "a product" : `${uses} products`}: remove it from them first.`,
      );
    }
    await tx.media.delete({ where: { id } });
    // A catalog copied into another organization shares the stored file (lib/organizations/
    // copy-catalog.ts): it goes with the last row holding it.
    const shared = await tx.media.count({ where: { path: row.path } });
    return { ...row, shared: shared > 0 };
  }, TRANSACTION_OPTIONS);
  // An upload in parts never completed leaves its parts (lib/files/part-upload.ts).
  if (!media.is_uploaded) await fs.promises.rm(partsDirectory(media.id), { recursive: true, force: true });
  if (media.shared) return;
  const storage = options.storage ?? fileStorage();
  await storage.delete(media.path).catch((error: unknown) => {
    // The row is gone, so the file is never served again: what is left is garbage on disk.
    console.warn(`Deleting the stored file ${media.path} failed; it is no longer referenced:`, error);
  });
}
