// The files API through the real handlers: uploads of each image type with the exact Media shape and
// checksums, the type read from the bytes (never the name or the declared type), the form's rules,
// the 10 MiB limit, 415, the list, one file, delete (409 while a product shows it), tenancy and
// scopes. The body limits while streaming: lib/api/request-body.test.ts; serving:
// app/files/[id]/[name]/serve.test.ts.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createMedia,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { MAX_FILE_BYTES } from "@/lib/files/limits";
import { filesDirectory, incomingDirectory } from "@/lib/files/storage";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { answer, checksums, IMAGES, uploadRequest, type UploadOptions } from "@/test/uploads";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as list, POST as upload } from "./route";
import { DELETE as remove, GET as getOne } from "./[id]/route";

const MEDIA_FIELDS = [
  "checksum_etag",
  "checksum_sha256_base64",
  "checksum_sha256_hex",
  "created_at",
  "id",
  "is_uploaded",
  "last_modified_at",
  "mime_type",
  "name",
  "organization_id",
  "path",
  "public_url",
  "service",
  "size",
  "size_readable",
  "storage_version",
  "version",
];

let db: Db;
let org: string;
let other: string;
let token: string;
let readOnly: string;
let productsOnly: string;
let otherToken: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  other = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["files:read"] })).token;
  productsOnly = (await createToken(db, org, { scopes: ["products:write"] })).token;
  otherToken = (await createToken(db, other)).token;
});

const post = (options: UploadOptions) => answer(upload, uploadRequest({ token, ...options }));
const stored = (key: string) => fs.readFileSync(path.join(filesDirectory(), key));
/** Everything under the files folder but the folder uploads are received in (lib/api/multipart.ts). */
const storedFiles = () =>
  fs
    .readdirSync(filesDirectory(), { recursive: true, encoding: "utf8" })
    .filter((entry) => !entry.startsWith(".incoming"));
/** What is left in the folder uploads are received in: nothing once each request is answered. */
const receiving = () => (fs.existsSync(incomingDirectory()) ? fs.readdirSync(incomingDirectory()) : []);

describe("POST /v1/files/", () => {
  it.each(Object.entries(IMAGES))(
    "uploads a %s: 201 with the Media shape, stored on disk",
    async (kind, image) => {
      const before = Date.now();
      const res = await post({ file: { bytes: image.bytes, name: `pixel.${kind}`, type: image.mimeType } });
      expect(res.status).toBe(201);
      const id = res.body.id;
      expect(Object.keys(res.body).sort()).toEqual(MEDIA_FIELDS);
      expect(res.body).toEqual({
        id,
        organization_id: org,
        name: `pixel.${kind}`,
        path: `${org}/${id}`,
        mime_type: image.mimeType,
        size: image.bytes.byteLength,
        storage_version: null,
        ...checksums(image.bytes),
        last_modified_at: res.body.created_at,
        version: null,
        service: "product_media",
        is_uploaded: true,
        created_at: expect.stringMatching(ISO),
        size_readable: `${image.bytes.byteLength} B`,
        // The URL's extension is the sniffed type's (`.jpg` for a JPEG named pixel.jpeg).
        public_url: `http://localhost:3000/files/${id}/pixel.${kind === "jpeg" ? "jpg" : kind}`,
      });
      expect(Date.parse(res.body.created_at)).toBeGreaterThanOrEqual(before - 1);
      expect(new Uint8Array(stored(res.body.path))).toEqual(image.bytes);
      const row = await db.media.findUniqueOrThrow({ where: { id } });
      expect(row.checksum_sha256_hex).toBe(checksums(image.bytes).checksum_sha256_hex);
      expect(row.public_url).toBe(res.body.public_url);
    },
  );

  it("types the file by its bytes: a PNG named x.jpg and declared image/gif is image/png", async () => {
    const res = await post({ file: { bytes: IMAGES.png.bytes, name: "x.jpg", type: "image/gif" } });
    expect(res.status).toBe(201);
    expect(res.body.mime_type).toBe("image/png");
    expect(res.body.name).toBe("x.jpg");
  });

  it.each([
    [
      "HTML named photo.png, declared image/png",
      "<!doctype html><script>alert(1)</script>",
      "photo.png",
      "image/png",
    ],
    [
      "SVG declared image/svg+xml",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "a.svg",
      "image/svg+xml",
    ],
    ["a PDF named a.gif", "%PDF-1.7\n", "a.gif", "image/gif"],
    ["text starting with GIF but not a GIF signature", "GIF90a", "a.gif", "image/gif"],
    ["an empty file", "", "empty.png", "image/png"],
  ])("refuses %s with 422 and stores nothing", async (_, content, name, type) => {
    const files = storedFiles().length;
    const count = await db.media.count();
    const res = await post({ file: { bytes: new TextEncoder().encode(content), name, type } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "value_error",
          loc: ["body", "file"],
          msg: "The file should be a PNG, JPEG, WebP or GIF image.",
          input: name,
        },
      ],
    });
    expect(await db.media.count()).toBe(count);
    expect(storedFiles().length).toBe(files);
    // Nor is anything left where uploads are received.
    expect(receiving()).toEqual([]);
  });

  it("keeps the name field over the part's file name, and only the last segment of a file name", async () => {
    const named = await post({
      file: { bytes: IMAGES.gif.bytes, name: "a.gif" },
      fields: { name: "  Hero shot.gif " },
    });
    expect(named.body.name).toBe("Hero shot.gif");
    expect(named.body.public_url).toBe(`http://localhost:3000/files/${named.body.id}/Hero-shot.gif`);
    const traversal = await post({ file: { bytes: IMAGES.gif.bytes, name: "../../etc/passwd" } });
    expect(traversal.status).toBe(201);
    expect(traversal.body.name).toBe("passwd");
    expect(traversal.body.path).toBe(`${org}/${traversal.body.id}`);
    const windows = await post({
      file: { bytes: IMAGES.gif.bytes, name: "C:\\fakepath\\..\\ünïcode ✓.gif" },
    });
    expect(windows.body.name).toBe("ünïcode ✓.gif");
    expect(windows.body.public_url).toBe(`http://localhost:3000/files/${windows.body.id}/unicode.gif`);
    const dots = await post({ file: { bytes: IMAGES.webp.bytes, name: "..." } });
    expect(dots.body.name).toBe("...");
    expect(dots.body.public_url).toBe(`http://localhost:3000/files/${dots.body.id}/image.webp`);
  });

  it("takes a file of exactly 10 MiB, and refuses one byte more with 413", async () => {
    const bytes = new Uint8Array(MAX_FILE_BYTES);
    bytes.set(IMAGES.png.bytes);
    const res = await post({ file: { bytes, name: "big.png" } });
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(MAX_FILE_BYTES);
    expect(res.body.size_readable).toBe("10 MB");
    expect(stored(res.body.path).byteLength).toBe(MAX_FILE_BYTES);
    const count = await db.media.count();
    const over = await post({ file: { bytes: new Uint8Array([...bytes, 0]), name: "bigger.png" } });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      error: "PayloadTooLarge",
      detail: "The file should be at most 10485760 bytes.",
    });
    expect(await db.media.count()).toBe(count);
  });

  it("uses PUBLIC_BASE_URL for public_url", async () => {
    process.env.PUBLIC_BASE_URL = "https://shop.example.com/";
    try {
      const res = await post({ file: { bytes: IMAGES.png.bytes, name: "p.png" } });
      expect(res.body.public_url).toBe(`https://shop.example.com/files/${res.body.id}/p.png`);
    } finally {
      delete process.env.PUBLIC_BASE_URL;
    }
  });

  it("reports every form problem in one 422", async () => {
    const res = await post({ file: null, fields: { name: "x".repeat(256), organization_id: "nope" } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { type: "missing", loc: ["body", "file"], msg: "Field required", input: null },
      {
        type: "string_too_long",
        loc: ["body", "name"],
        msg: "String should have at most 255 characters",
        input: "x".repeat(199) + "…",
      },
      {
        type: "uuid_parsing",
        loc: ["body", "organization_id"],
        msg: "Input should be a valid UUID",
        input: "nope",
      },
    ]);
    const text = await post({ file: null, fields: { file: "not a file" } });
    expect(text.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "file"],
        msg: "Invalid input: expected file, received string",
        input: "not a file",
      },
    ]);
  });

  it("refuses an organization that is not the caller's with 422", async () => {
    const res = await post({ file: { bytes: IMAGES.png.bytes }, fields: { organization_id: other } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { type: "value_error", loc: ["body", "organization_id"], msg: "Organization not found.", input: other },
    ]);
  });

  it("answers a malformed multipart body with 422", async () => {
    const res = await answer(
      upload,
      new Request("http://localhost/v1/files/", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\n\r\n--x--",
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body"],
        msg: "The request body is not valid multipart/form-data",
        input: null,
      },
    ]);
  });

  it("takes JSON as the announcement of a downloadable (docs/uploads-and-limits.md), not a file", async () => {
    const res = await answer(
      upload,
      new Request("http://localhost/v1/files/", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: '{"file":"x"}',
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail.map((p: { loc: string[] }) => p.loc.join("."))).toEqual([
      "body.name",
      "body.mime_type",
      "body.size",
      "body.upload",
      "body.service",
    ]);
  });

  it.each([
    ["image/png", "\x89PNG"],
    ["application/x-www-form-urlencoded", "file=x"],
    ["multipart/form-data", "no boundary"],
    [null, "x"],
  ])("answers Content-Type %s with 415", async (type, body) => {
    const res = await answer(
      upload,
      new Request("http://localhost/v1/files/", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, ...(type ? { "content-type": type } : {}) },
        body: new TextEncoder().encode(body),
      }),
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: "UnsupportedMediaType",
      detail: "Send the file as multipart/form-data, in a part named file.",
    });
  });

  it("needs files:write (403), a credential (401), and a session's CSRF header (a cross-site form)", async () => {
    for (const t of [readOnly, productsOnly]) {
      const res = await post({ token: t, file: { bytes: IMAGES.png.bytes } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("insufficient_scope");
    }
    expect((await answer(upload, uploadRequest({ file: { bytes: IMAGES.png.bytes } }))).status).toBe(401);
    const email = `files-${org}@example.com`;
    await createMerchantUser(db, { email, password: "pw-for-files", organizationIds: [org] });
    const signedIn = await call(signIn, { body: { email, password: "pw-for-files" } });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const count = await db.media.count();
    const forged = await answer(
      upload,
      uploadRequest({ file: { bytes: IMAGES.png.bytes }, headers: { cookie } }),
    );
    expect(forged.status).toBe(403);
    expect(await db.media.count()).toBe(count);
    const csrf = decodeURIComponent(cookie.match(/dsb_csrf=([^;]+)/)![1]!);
    const merchant = await answer(
      upload,
      uploadRequest({ file: { bytes: IMAGES.png.bytes }, headers: { cookie, "x-csrf-token": csrf } }),
    );
    expect(merchant.status).toBe(201);
    expect(merchant.body.organization_id).toBe(org);
  });

  it("replays an Idempotency-Key for the same file whatever the boundary, and refuses another file", async () => {
    const headers = { "idempotency-key": `upload-${org}` };
    const first = await post({ file: { bytes: IMAGES.png.bytes, name: "i.png" }, headers });
    const again = await post({ file: { bytes: IMAGES.png.bytes, name: "i.png" }, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await db.media.count({ where: { name: "i.png" } })).toBe(1);
    const different = await post({ file: { bytes: IMAGES.gif.bytes, name: "i.png" }, headers });
    expect(different.status).toBe(409);
  });
});

describe("GET /v1/files/ and /v1/files/{id}", () => {
  let orgOf: string;
  let listToken: string;
  const ids: string[] = [];

  beforeAll(async () => {
    orgOf = (await createOrganization(db)).id;
    listToken = (await createToken(db, orgOf, { scopes: ["files:read"] })).token;
    for (const [minute, name] of [
      [1, "b.png"],
      [2, "a.png"],
      [3, "c.png"],
    ] as const) {
      const row = await createMedia(db, orgOf, {
        name,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      });
      ids.push(row.id);
    }
    await createMedia(db, other);
  });

  it("lists the organization's files newest first, by name, and by ids", async () => {
    const res = await call(list, { token: listToken });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(res.body.pagination).toEqual({ total_count: 3, max_page: 1 });
    const row = await db.media.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(res.body.items[2]).toEqual({
      id: row.id,
      organization_id: orgOf,
      name: "b.png",
      path: row.path,
      mime_type: "image/png",
      size: 70,
      storage_version: null,
      checksum_etag: null,
      checksum_sha256_base64: null,
      checksum_sha256_hex: null,
      last_modified_at: null,
      version: null,
      service: "product_media",
      is_uploaded: true,
      created_at: "2026-01-01T00:01:00.000Z",
      size_readable: "70 B",
      public_url: row.public_url,
    });
    const byName = await call(list, { token: listToken, query: { sorting: "name" } });
    expect(byName.body.items.map((item: { name: string }) => item.name)).toEqual(["a.png", "b.png", "c.png"]);
    const some = await call(list, {
      token: listToken,
      query: { ids: [ids[0]!, ids[2]!], sorting: "created_at" },
    });
    expect(some.body.items.map((item: { id: string }) => item.id)).toEqual([ids[0], ids[2]]);
  });

  it("gets one file; another organization's is 404 and never listed", async () => {
    const res = await call(getOne, { token: listToken, params: { id: ids[1]! } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("a.png");
    const foreign = await call(getOne, { token: otherToken, params: { id: ids[1]! } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    const theirs = await call(list, { token: otherToken, query: { ids: ids } });
    expect(theirs.body.items).toEqual([]);
  });

  it("needs files:read", async () => {
    expect((await call(list, { token: productsOnly })).status).toBe(403);
    expect((await call(getOne, { token: productsOnly, params: { id: ids[0]! } })).status).toBe(403);
  });
});

describe("DELETE /v1/files/{id}", () => {
  it("deletes the row and the stored file: 204, then 404", async () => {
    const up = await post({ file: { bytes: IMAGES.jpeg.bytes, name: "gone.jpg" } });
    expect(fs.existsSync(path.join(filesDirectory(), up.body.path))).toBe(true);
    const res = await call(remove, { token, method: "DELETE", params: { id: up.body.id } });
    expect(res.status).toBe(204);
    expect(await db.media.findUnique({ where: { id: up.body.id } })).toBeNull();
    expect(fs.existsSync(path.join(filesDirectory(), up.body.path))).toBe(false);
    expect((await call(remove, { token, method: "DELETE", params: { id: up.body.id } })).status).toBe(404);
  });

  it("is 409 while a product shows the file, and keeps both", async () => {
    const up = await post({ file: { bytes: IMAGES.png.bytes, name: "hero.png" } });
    const { product } = await createProduct(db, org);
    await db.productMedia.create({ data: { product_id: product.id, media_id: up.body.id, order: 0 } });
    const res = await call(remove, { token, method: "DELETE", params: { id: up.body.id } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "ConflictError",
      detail: "This file is an image of a product: remove it from them first.",
    });
    expect(await db.media.findUnique({ where: { id: up.body.id } })).not.toBeNull();
    expect(fs.existsSync(path.join(filesDirectory(), up.body.path))).toBe(true);
    await db.productMedia.deleteMany({ where: { media_id: up.body.id } });
    expect((await call(remove, { token, method: "DELETE", params: { id: up.body.id } })).status).toBe(204);
  });

  it("is 404 for another organization's file, 403 without files:write, and leaves it", async () => {
    const up = await post({ file: { bytes: IMAGES.png.bytes, name: "mine.png" } });
    const foreign = await call(remove, { token: otherToken, method: "DELETE", params: { id: up.body.id } });
    expect(foreign.status).toBe(404);
    expect(
      (await call(remove, { token: readOnly, method: "DELETE", params: { id: up.body.id } })).status,
    ).toBe(403);
    expect(await db.media.findUnique({ where: { id: up.body.id } })).not.toBeNull();
    expect(fs.existsSync(path.join(filesDirectory(), up.body.path))).toBe(true);
  });
});
