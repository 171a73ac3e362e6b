// Files uploaded in parts (docs/uploads-and-limits.md "Downloadable files"), through the real
// routes: the announcement and its signed part URLs, each part PUT and answered with its ETag, the
// completion joining them (size and SHA-256 checked), and every refusal: a bad or expired
// signature, a part of the wrong size or checksum, a completion with a wrong ETag or a missing
// part, an announcement whose parts do not cover the file. A downloadable is never served publicly.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createOrganization, createToken } from "@/lib/factories";
import { MAX_DOWNLOADABLE_BYTES } from "@/lib/files/limits";
import { partsDirectory } from "@/lib/files/part-upload";
import { fileStorage } from "@/lib/files/storage";
import { call } from "@/test/http";
import { POST as create } from "./route";
import { PUT as putPart } from "./[id]/parts/[number]/route";
import { POST as uploaded } from "./[id]/uploaded/route";
import { GET as serve } from "@/app/files/[id]/[name]/route";

const MiB = 1024 * 1024;
let db: Db;
let token: string;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Download Works" });
  token = (await createToken(db, organization.id)).token;
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64");

/** `size` bytes of a pattern, cut in parts of `partSize`, announced with their checksums. */
function fileOf(size: number, partSize: number) {
  const bytes = new Uint8Array(size).map((_, i) => (i * 31) % 251);
  const parts = [];
  for (let start = 0, number = 1; start < size; start += partSize, number++) {
    const end = Math.min(start + partSize, size);
    parts.push({
      number,
      chunk_start: start,
      chunk_end: end,
      checksum_sha256_base64: sha256(bytes.subarray(start, end)),
    });
  }
  return { bytes, parts };
}

async function announce(name: string, size: number, parts: object[], extra: object = {}) {
  return call(create, {
    token,
    body: { name, mime_type: "application/zip", size, service: "downloadable", upload: { parts }, ...extra },
  });
}

/** PUTs bytes to a part URL as a client would (no token: the URL's signature). */
async function put(url: string, bytes: Uint8Array) {
  const target = new URL(url);
  const [, , , id, , number] = target.pathname.split("/");
  const response = await putPart(
    new Request(new URL(`${target.pathname}${target.search}`, "http://localhost"), {
      method: "PUT",
      headers: { "content-type": "application/octet-stream" },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    }),
    { params: Promise.resolve({ id: id!, number: number! }) },
  );
  return { status: response.status, etag: response.headers.get("etag"), body: await response.json() };
}

describe("a file uploaded in parts", () => {
  it("is announced, its parts PUT to signed URLs, then joined and checked", async () => {
    const { bytes, parts } = fileOf(2 * MiB + 123, MiB);
    const announced = await announce("Installer.zip", bytes.length, parts, {
      checksum_sha256_base64: sha256(bytes),
    });
    expect(announced.status).toBe(201);
    expect(announced.body).toMatchObject({
      name: "Installer.zip",
      mime_type: "application/zip",
      size: bytes.length,
      service: "downloadable",
      is_uploaded: false,
      upload: { id: expect.any(String), parts: expect.any(Array) },
    });
    expect(announced.body).not.toHaveProperty("public_url");
    const file = announced.body;
    expect(file.upload.parts.map((p: { number: number; url: string }) => p.number)).toEqual([1, 2, 3]);
    expect(file.upload.parts[0].url).toMatch(/\/v1\/files\/[\w-]+\/parts\/1\?expires=\d+&signature=[\w-]+$/);

    const etags = [];
    for (const part of file.upload.parts) {
      const sent = await put(part.url, bytes.subarray(part.chunk_start, part.chunk_end));
      expect(sent.status).toBe(200);
      expect(sent.etag).toBe(`"${sent.body.checksum_etag}"`);
      etags.push({ number: part.number, checksum_etag: sent.etag!, checksum_sha256_base64: null });
    }
    // Not served while incomplete, nor after: a downloadable has no public URL.
    const done = await call(uploaded, {
      token,
      params: { id: file.id },
      body: { id: file.upload.id, path: file.upload.path, parts: etags },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: file.id,
      is_uploaded: true,
      size: bytes.length,
      checksum_sha256_base64: sha256(bytes),
      checksum_sha256_hex: createHash("sha256").update(bytes).digest("hex"),
      checksum_etag: expect.stringMatching(/^[0-9a-f]{32}-3$/),
    });
    const stored = await fileStorage().get(`${file.organization_id}/${file.id}`);
    expect(Buffer.from(await new Response(stored!.body).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(fs.existsSync(partsDirectory(file.id))).toBe(false);
    expect(await db.fileUploadPart.count({ where: { media_id: file.id } })).toBe(0);
    const served = await serve(new Request(`http://localhost/files/${file.id}/installer.zip`), {
      params: Promise.resolve({ id: file.id, name: "installer.zip" }),
    });
    expect(served.status).toBe(404);
    // Completing again answers the file as it is.
    const again = await call(uploaded, {
      token,
      params: { id: file.id },
      body: { id: file.upload.id, path: file.upload.path, parts: etags },
    });
    expect(again.body).toMatchObject({ id: file.id, is_uploaded: true });
  });

  it("refuses a forged or expired URL, a part of the wrong size or checksum, and an incomplete completion", async () => {
    const { bytes, parts } = fileOf(1000, 600);
    const { body: file } = await announce("manual.pdf", bytes.length, parts);
    const [first, second] = file.upload.parts;
    const forged = await put(
      first.url.replace(/signature=[\w-]+/, "signature=forged"),
      bytes.subarray(0, 600),
    );
    expect(forged.status).toBe(403);
    const otherPart = await put(first.url.replace("/parts/1?", "/parts/2?"), bytes.subarray(600));
    expect(otherPart.status).toBe(403);
    const expired = await put(first.url.replace(/expires=\d+/, "expires=1"), bytes.subarray(0, 600));
    expect(expired.status).toBe(403);
    const short = await put(first.url, bytes.subarray(0, 599));
    expect(short.status).toBe(422);
    expect(short.body.detail[0].msg).toBe("Part 1 should be 600 bytes; 599 were sent.");
    const long = await put(first.url, bytes.subarray(0, 601).slice());
    expect([413, 422]).toContain(long.status);
    const tampered = bytes.subarray(0, 600).slice();
    tampered[0] = tampered[0]! ^ 1;
    expect((await put(first.url, tampered)).body.detail[0].msg).toBe(
      "Part 1's SHA-256 is not the one announced.",
    );
    expect(await db.fileUploadPart.count({ where: { media_id: file.id } })).toBe(0);

    const one = await put(first.url, bytes.subarray(0, 600));
    expect(one.status).toBe(200);
    const missing = await call(uploaded, {
      token,
      params: { id: file.id },
      body: { id: file.upload.id, path: file.upload.path, parts: [{ number: 1, checksum_etag: one.etag }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail.map((p: { msg: string }) => p.msg)).toEqual([
      "Part 2 was not received.",
      "The file was announced in 2 parts.",
    ]);
    const two = await put(second.url, bytes.subarray(600));
    const wrongEtag = await call(uploaded, {
      token,
      params: { id: file.id },
      body: {
        id: file.upload.id,
        path: file.upload.path,
        parts: [
          { number: 1, checksum_etag: one.etag },
          { number: 2, checksum_etag: "0".repeat(32) },
        ],
      },
    });
    expect(wrongEtag.body.detail[0].msg).toBe("Part 2's ETag is not the one it was answered.");
    expect((await db.media.findUniqueOrThrow({ where: { id: file.id } })).is_uploaded).toBe(false);
    const completed = await call(uploaded, {
      token,
      params: { id: file.id },
      body: {
        id: file.upload.id,
        path: file.upload.path,
        parts: [
          { number: 1, checksum_etag: one.etag },
          { number: 2, checksum_etag: two.etag },
        ],
      },
    });
    expect(completed.body).toMatchObject({ is_uploaded: true, size: 1000 });
  });

  it("refuses an announcement whose parts do not cover the file, past 1 GiB, or for a product image", async () => {
    const gap = await announce("a.zip", 100, [
      { number: 1, chunk_start: 0, chunk_end: 50 },
      { number: 2, chunk_start: 60, chunk_end: 100 },
    ]);
    expect(gap.status).toBe(422);
    expect(gap.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "upload", "parts", 1, "chunk_start"],
        msg: "Expected 50: parts follow each other.",
        input: 60,
      },
    ]);
    const short = await announce("a.zip", 100, [{ number: 1, chunk_start: 0, chunk_end: 90 }]);
    expect(short.body.detail[0].msg).toBe("The last part should end at the file's size, 100.");
    const huge = await announce("a.zip", MAX_DOWNLOADABLE_BYTES + 1, [
      { number: 1, chunk_start: 0, chunk_end: MAX_DOWNLOADABLE_BYTES + 1 },
    ]);
    expect(huge.body.detail[0]).toMatchObject({ loc: ["body", "size"] });
    const image = await announce("a.png", 10, [{ number: 1, chunk_start: 0, chunk_end: 10 }], {
      service: "product_media",
    });
    expect(image.body.detail[0]).toMatchObject({ loc: ["body", "service"] });
    expect(await db.media.count({ where: { name: "a.zip" } })).toBe(0);
  });
});
