// The files API's schemas: the upload form, the list query, the path parameters. The output is the
// Media shape products already embed (lib/products/schemas.ts `mediaSchema`).
import { z } from "zod";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { ReceivedFile } from "./received-file";

import { mediaSchema, toMedia } from "../products/schemas";
import type { Media } from "../generated/prisma/client";
import { dateTime } from "../core/schemas";
import { MAX_UPLOAD_PARTS } from "./limits";
import { DOWNLOADABLE_SERVICE } from "./services";

export { mediaSchema, toMedia };

/** The longest file name kept (the part's file name or the `name` field). */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * A downloadable file (a `downloadables` benefit's): a product image's fields but its public URL,
 * since it has none; `is_uploaded` false until its parts are joined (./part-upload.ts).
 */
export const downloadableFileSchema = mediaSchema.omit({ public_url: true }).extend({
  service: z.literal(DOWNLOADABLE_SERVICE),
  /** Files are not scanned for malware here: null. */
  flagged_malicious_at: z.null(),
});

/** A file as the files API answers it: a product image, or a downloadable. */
export const fileSchema = z.union([downloadableFileSchema, mediaSchema]);

/** A downloadable's row as the API shows it (`toFile` of a row known to be one). */
export function toDownloadableFile(row: Media) {
  const { public_url: _publicUrl, upload_id: _uploadId, upload_parts: _parts, ...rest } = toMedia(row);
  return {
    ...rest,
    service: DOWNLOADABLE_SERVICE as typeof DOWNLOADABLE_SERVICE,
    flagged_malicious_at: null,
  };
}

export function toFile(row: Media) {
  const { public_url: publicUrl, upload_id: _uploadId, upload_parts: _parts, ...rest } = toMedia(row);
  return row.service === DOWNLOADABLE_SERVICE
    ? { ...rest, service: DOWNLOADABLE_SERVICE as typeof DOWNLOADABLE_SERVICE, flagged_malicious_at: null }
    : { ...rest, public_url: publicUrl };
}

const sha256Base64 = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, "A SHA-256 in base64 (44 characters).");

/**
 * POST /v1/files/ as JSON: a file to upload in parts (the current reference API's protocol), each
 * part a byte range (`chunk_end` exclusive, as a slice's).
 */
export const fileCreateBody = z.object({
  organization_id: id().nullish(),
  name: z.string().trim().min(1).max(MAX_FILE_NAME_LENGTH),
  mime_type: z.string().trim().min(1).max(255),
  size: z.number().int().min(1),
  checksum_sha256_base64: sha256Base64.nullish(),
  upload: z.object({
    parts: z
      .array(
        z.object({
          number: z.number().int().min(1),
          chunk_start: z.number().int().min(0),
          chunk_end: z.number().int().min(1),
          checksum_sha256_base64: sha256Base64.nullish(),
        }),
      )
      .min(1)
      .max(MAX_UPLOAD_PARTS),
  }),
  service: z.string().max(64),
  version: z.string().max(255).nullish(),
});
export type FileCreateBody = z.output<typeof fileCreateBody>;

/** The announcement's answer: the file, and where to PUT each part (URLs valid for an hour). */
export const fileUploadSchema = downloadableFileSchema.extend({
  upload: z.object({
    id: z.string(),
    path: z.string(),
    parts: z.array(
      z.object({
        number: z.number().int(),
        chunk_start: z.number().int(),
        chunk_end: z.number().int(),
        checksum_sha256_base64: z.string().nullable(),
        url: z.string(),
        expires_at: dateTime,
        headers: z.record(z.string(), z.string()),
      }),
    ),
  }),
});

/** POST /v1/files/{id}/uploaded: the upload's id and each part's ETag, as its PUT answered it. */
export const fileUploadedBody = z.object({
  id: id(),
  path: z.string().max(1024),
  parts: z
    .array(
      z.object({
        number: z.number().int().min(1),
        checksum_etag: z.string().min(1).max(64),
        checksum_sha256_base64: z.string().max(64).nullish(),
      }),
    )
    .max(MAX_UPLOAD_PARTS),
});
export type FileUploadedBody = z.output<typeof fileUploadedBody>;

/** PUT /v1/files/{id}/parts/{number}: the part, and its URL's expiry and signature. */
export const partParams = z.object({
  id: id(),
  number: z.coerce.number().int().min(1).max(MAX_UPLOAD_PARTS),
});
export const partQuery = z.object({
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  signature: z.string().min(1).max(128),
});

/**
 * POST /v1/files/ as multipart/form-data: the image in a part named `file`; `name` replaces the
 * part's file name. The type is read from the bytes (./sniff.ts), never from either.
 */
export const uploadFileForm = z.object({
  // Received to a temporary file as the body streams in (lib/api/multipart.ts), never into memory.
  file: z
    .unknown()
    .superRefine((value, ctx) => {
      if (value instanceof ReceivedFile) return;
      const received = Array.isArray(value) ? "array" : typeof value;
      ctx.addIssue({
        code: "invalid_type",
        expected: "file" as never,
        input: value,
        message: `Invalid input: expected file, received ${received}`,
      });
    })
    // What the API reference shows: a file part.
    .meta({ type: "string", format: "binary", contentEncoding: "binary" })
    .transform((value) => value as ReceivedFile),
  name: z.string().trim().min(1).max(MAX_FILE_NAME_LENGTH).optional(),
  /** Required unless the caller belongs to one organization (an access token always does). */
  organization_id: id().optional(),
});
export type UploadFileForm = z.output<typeof uploadFileForm>;

export const listFilesQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  ids: queryList(id()),
  /** Newest first by default. */
  sorting: sortingQuery(["created_at", "name"], ["-created_at"]),
});
export type ListFilesQuery = z.output<typeof listFilesQuery>;

export const fileParams = z.object({ id: id() });

/** The longest `version` label a file keeps (the upload's own bound). */
export const MAX_FILE_VERSION_LENGTH = 255;

/**
 * PATCH /v1/files/{id}: the fields sent change. `name` is what the merchant calls the file (null
 * leaves it: a file always has one); `version` is a free label (null clears it). Neither moves the
 * stored bytes or a product image's `public_url`, whose name segment is decoration.
 */
export const fileUpdateBody = z.object({
  name: z.string().trim().min(1).max(MAX_FILE_NAME_LENGTH).nullish(),
  version: z.string().trim().max(MAX_FILE_VERSION_LENGTH).nullish(),
});
export type FileUpdateBody = z.output<typeof fileUpdateBody>;

/**
 * GET /files/{id}/{name}: the id is looked up (anything but a known one is 404, never 422); the
 * name is only there for people and saved files, and is never read.
 */
export const servedFileParams = z.object({ id: z.string().max(200), name: z.string().max(2048) });

/** A part received: its number and ETag (also in the `ETag` header). */
export const partReceivedSchema = z.object({ number: z.number().int(), checksum_etag: z.string() });
