// Files uploaded in parts (docs/uploads-and-limits.md "Downloadable files"), the current reference
// API's protocol on this server's own storage:
// 1. POST /v1/files/ with JSON announces the file (name, type, size, parts: each a byte range,
//    `chunk_end` exclusive as a slice's); the answer gives each part a URL signed by this server,
//    valid for an hour;
// 2. the client PUTs each part's bytes to its URL (no token: the signature is the authority); each
//    part is streamed to disk under the files folder's `.parts` folder (never served), its size
//    checked against its range, and answered with its ETag (the MD5 in hex, as S3 answers);
// 3. POST /v1/files/{id}/uploaded with the parts' ETags completes it: the parts are joined in order
//    into one stored file (streamed: a 1 GiB file never sits in memory), its size and SHA-256
//    checked against what was announced, and the file marked uploaded.
// A row is written only after its bytes are on disk, and a file is found only through its row, so a
// crash leaves unreferenced bytes at worst (the parts of an upload never completed stay until its
// file is deleted: lib/files/manage.ts).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db, DbOrTx } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { hmacBase64url, safeEqual } from "../secrets/hmac";
import { publicBaseUrl } from "../public-url";
import { MAX_DOWNLOADABLE_BYTES, MAX_UPLOAD_PART_BYTES } from "./limits";
import { fileStorage, filesDirectory, incomingDirectory, type FileStorage } from "./storage";
import { storedFileName } from "./names";
import { toFile, type FileCreateBody, type FileUploadedBody } from "./schemas";
import { DOWNLOADABLE_SERVICE } from "./services";

/** How long a part's URL may be used. */
export const PART_URL_TTL_MS = 60 * 60_000;

type AnnouncedPart = {
  number: number;
  chunk_start: number;
  chunk_end: number;
  checksum_sha256_base64: string | null;
};

const SIGNING_PURPOSE = "file-upload-part";

function partSignature(fileId: string, number: number, expires: number): string {
  return hmacBase64url(SIGNING_PURPOSE, `${fileId}:${number}:${expires}`);
}

/** Where the server keeps an upload's parts until it completes. */
export function partsDirectory(
  fileId: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return path.join(filesDirectory(env), ".parts", fileId);
}

function partPath(fileId: string, number: number): string {
  return path.join(partsDirectory(fileId), String(number));
}

/** The parts as announced: numbered 1…n, back to back from byte 0 to the file's size. */
function partProblems(size: number, parts: AnnouncedPart[]): Problem[] {
  const problem = (loc: (string | number)[], msg: string, input: unknown): Problem => ({
    type: "value_error",
    loc: ["body", "upload", "parts", ...loc],
    msg,
    input,
  });
  const problems: Problem[] = [];
  let next = 0;
  parts.forEach((part, index) => {
    if (part.number !== index + 1)
      problems.push(problem([index, "number"], `Expected part ${index + 1}.`, part.number));
    if (part.chunk_start !== next)
      problems.push(
        problem([index, "chunk_start"], `Expected ${next}: parts follow each other.`, part.chunk_start),
      );
    if (part.chunk_end <= part.chunk_start)
      problems.push(
        problem([index, "chunk_end"], "A part ends after it starts (the end is exclusive).", part.chunk_end),
      );
    else if (part.chunk_end - part.chunk_start > MAX_UPLOAD_PART_BYTES)
      problems.push(
        problem(
          [index, "chunk_end"],
          `A part should be at most ${MAX_UPLOAD_PART_BYTES} bytes.`,
          part.chunk_end,
        ),
      );
    next = part.chunk_end;
  });
  if (!problems.length && next !== size)
    problems.push(
      problem([parts.length - 1, "chunk_end"], `The last part should end at the file's size, ${size}.`, next),
    );
  return problems;
}

/** A part URL's query: when it expires (epoch milliseconds) and its signature. */
export function signedPartQuery(fileId: string, number: number, now: Date) {
  const expires = now.getTime() + PART_URL_TTL_MS;
  return { expires: String(expires), signature: partSignature(fileId, number, expires) };
}

function partUrls(fileId: string, parts: AnnouncedPart[], now: Date) {
  const expires = now.getTime() + PART_URL_TTL_MS;
  return parts.map((part) => {
    const query = new URLSearchParams(signedPartQuery(fileId, part.number, now));
    return {
      ...part,
      url: `${publicBaseUrl()}/v1/files/${fileId}/parts/${part.number}?${query}`,
      expires_at: new Date(expires),
      headers: {},
    };
  });
}

/** POST /v1/files/ with JSON: the file's row, not uploaded yet, and its parts' signed URLs. */
export async function announceFile(db: Db, principal: Principal, body: FileCreateBody, now = new Date()) {
  const organizationId = organizationForCreate(principal, body.organization_id);
  if (body.service !== DOWNLOADABLE_SERVICE) {
    throw ApiError.invalid(
      ["body", "service"],
      "Files uploaded in parts are downloadables; upload a product image as multipart/form-data.",
      body.service,
    );
  }
  if (body.size > MAX_DOWNLOADABLE_BYTES) {
    throw ApiError.invalid(
      ["body", "size"],
      `A file should be at most ${MAX_DOWNLOADABLE_BYTES} bytes.`,
      body.size,
    );
  }
  const parts: AnnouncedPart[] = body.upload.parts.map((part) => ({
    number: part.number,
    chunk_start: part.chunk_start,
    chunk_end: part.chunk_end,
    checksum_sha256_base64: part.checksum_sha256_base64 ?? null,
  }));
  const problems = partProblems(body.size, parts);
  if (problems.length) throw ApiError.validation(problems);
  const id = randomUUID();
  const uploadId = randomUUID();
  const name = storedFileName(undefined, body.name, "bin");
  const row = await db.media.create({
    data: {
      id,
      created_at: now,
      organization_id: organizationId,
      name,
      path: `${organizationId}/${id}`,
      mime_type: body.mime_type,
      size: body.size,
      storage_version: null,
      checksum_etag: null,
      checksum_sha256_base64: body.checksum_sha256_base64 ?? null,
      checksum_sha256_hex: null,
      last_modified_at: null,
      version: body.version ?? null,
      service: DOWNLOADABLE_SERVICE,
      is_uploaded: false,
      // Never public: a downloadable is served only through a buyer's signed link.
      public_url: "",
      upload_id: uploadId,
      upload_parts: parts,
    },
  });
  return { ...toFile(row), upload: { id: uploadId, path: row.path, parts: partUrls(id, parts, now) } };
}

/** A part's URL, checked: its signature and expiry, and the file still waiting for it. */
async function announcedPart(
  db: DbOrTx,
  fileId: string,
  number: number,
  query: { expires: number; signature: string },
  now: Date,
) {
  const expected = partSignature(fileId, number, query.expires);
  if (!safeEqual(expected, query.signature) || query.expires < now.getTime()) {
    throw new ApiError(
      "NotPermitted",
      "This upload URL is not valid, or has expired: ask for the file's upload again.",
    );
  }
  const file = await db.media.findUnique({ where: { id: fileId } });
  const part = ((file?.upload_parts ?? []) as AnnouncedPart[]).find((p) => p.number === number);
  if (!file || file.is_uploaded || !part)
    throw new ApiError("ResourceNotFound", "No upload waits for this part.");
  return { file, part };
}

/**
 * PUT …/parts/{number}: the part's bytes, streamed to disk (its size must be its range's); answers
 * its ETag. A part sent again replaces the first.
 */
export async function receivePart(
  db: Db,
  fileId: string,
  number: number,
  query: { expires: number; signature: string },
  body: ReadableStream<Uint8Array> | null,
  now = new Date(),
): Promise<{ etag: string }> {
  const { part } = await announcedPart(db, fileId, number, query, now);
  const expected = part.chunk_end - part.chunk_start;
  const directory = partsDirectory(fileId);
  await fs.promises.mkdir(directory, { recursive: true });
  const temporary = path.join(directory, `${number}.${randomBytes(6).toString("hex")}.tmp`);
  const md5 = createHash("md5");
  const sha256 = createHash("sha256");
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size > expected) return done(new PartTooLong());
      md5.update(chunk);
      sha256.update(chunk);
      done(null, chunk);
    },
  });
  try {
    const source = body
      ? Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>)
      : Readable.from([]);
    await pipeline(source, count, fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    if (error instanceof PartTooLong)
      throw new ApiError("PayloadTooLarge", `Part ${number} should be ${expected} bytes; more were sent.`);
    throw error;
  }
  const sha256Base64 = sha256.digest("base64");
  const problem =
    size !== expected
      ? `Part ${number} should be ${expected} bytes; ${size} were sent.`
      : part.checksum_sha256_base64 && part.checksum_sha256_base64 !== sha256Base64
        ? `Part ${number}'s SHA-256 is not the one announced.`
        : null;
  if (problem) {
    await fs.promises.rm(temporary, { force: true });
    throw ApiError.invalid(["body"], problem, null);
  }
  await fs.promises.rename(temporary, partPath(fileId, number));
  const etag = md5.digest("hex");
  await db.fileUploadPart.upsert({
    where: { media_id_number: { media_id: fileId, number } },
    create: {
      media_id: fileId,
      number,
      created_at: now,
      size,
      checksum_etag: etag,
      checksum_sha256_base64: sha256Base64,
    },
    update: { created_at: now, size, checksum_etag: etag, checksum_sha256_base64: sha256Base64 },
  });
  return { etag };
}

class PartTooLong extends Error {}

/**
 * POST /v1/files/{id}/uploaded: every announced part received with the ETag the client was given,
 * joined in order into the stored file, its size and SHA-256 checked; then the file is uploaded.
 */
export async function completeUpload(
  db: Db,
  principal: Principal,
  fileId: string,
  body: FileUploadedBody,
  options: { storage?: FileStorage; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const file = foundOrThrow(await db.media.findFirst({ where: { id: fileId, ...tenantWhere(principal) } }));
  if (file.is_uploaded) return toFile(file);
  if (body.id !== file.upload_id)
    throw ApiError.invalid(["body", "id"], "This is not the file's upload.", body.id);
  const announced = (file.upload_parts ?? []) as AnnouncedPart[];
  const received = await db.fileUploadPart.findMany({
    where: { media_id: fileId },
    orderBy: { number: "asc" },
  });
  const problems: Problem[] = [];
  announced.forEach((part, index) => {
    const got = received.find((r) => r.number === part.number);
    const sent = body.parts.find((p) => p.number === part.number);
    if (!got)
      problems.push({
        type: "value_error",
        loc: ["body", "parts", index],
        msg: `Part ${part.number} was not received.`,
        input: part.number,
      });
    else if (!sent || sent.checksum_etag.replaceAll('"', "") !== got.checksum_etag)
      problems.push({
        type: "value_error",
        loc: ["body", "parts", index, "checksum_etag"],
        msg: `Part ${part.number}'s ETag is not the one it was answered.`,
        input: sent?.checksum_etag ?? null,
      });
  });
  if (body.parts.length !== announced.length)
    problems.push({
      type: "value_error",
      loc: ["body", "parts"],
      msg: `The file was announced in ${announced.length} parts.`,
      input: body.parts.length,
    });
  if (problems.length) throw ApiError.validation(problems);

  // Joined into a temporary file, hashed on the way, then moved into storage.
  await fs.promises.mkdir(incomingDirectory(), { recursive: true });
  const joined = path.join(incomingDirectory(), `${fileId}.${randomBytes(6).toString("hex")}.joined`);
  const sha256 = createHash("sha256");
  const etags = createHash("md5");
  try {
    const out = fs.createWriteStream(joined, { flags: "wx", mode: 0o600 });
    for (const part of received) {
      etags.update(Buffer.from(part.checksum_etag, "hex"));
      await pipeline(
        fs.createReadStream(partPath(fileId, part.number)),
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            sha256.update(chunk);
            done(null, chunk);
          },
        }),
        out,
        { end: false },
      );
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const { size } = await fs.promises.stat(joined);
    const digest = sha256.digest();
    if (size !== file.size)
      throw ApiError.invalid(
        ["body", "parts"],
        `The parts hold ${size} bytes; the file was announced with ${file.size}.`,
        null,
      );
    if (file.checksum_sha256_base64 && file.checksum_sha256_base64 !== digest.toString("base64"))
      throw ApiError.invalid(["body", "parts"], "The file's SHA-256 is not the one announced.", null);
    const storage = options.storage ?? fileStorage();
    await storage.putFile(file.path, joined);
    const row = await db.media.update({
      where: { id: fileId },
      data: {
        is_uploaded: true,
        checksum_etag: `${etags.digest("hex")}-${received.length}`,
        checksum_sha256_base64: digest.toString("base64"),
        checksum_sha256_hex: digest.toString("hex"),
        last_modified_at: now,
        upload_id: null,
        upload_parts: Prisma.DbNull,
      },
    });
    await db.fileUploadPart.deleteMany({ where: { media_id: fileId } });
    await fs.promises.rm(partsDirectory(fileId), { recursive: true, force: true });
    return toFile(row);
  } finally {
    await fs.promises.rm(joined, { force: true });
  }
}
