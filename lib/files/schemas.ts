// The files API's schemas: the upload form, the list query, the path parameters. The output is the
// Media shape products already embed (lib/products/schemas.ts `mediaSchema`).
import { z } from "zod";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { ReceivedFile } from "./received-file";

export { mediaSchema, toMedia } from "../products/schemas";

/** The longest file name kept (the part's file name or the `name` field). */
export const MAX_FILE_NAME_LENGTH = 255;

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

/**
 * GET /files/{id}/{name}: the id is looked up (anything but a known one is 404, never 422); the
 * name is only there for people and saved files, and is never read.
 */
export const servedFileParams = z.object({ id: z.string().max(200), name: z.string().max(2048) });
