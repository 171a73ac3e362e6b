// Uploaded files at their public_url: the stored bytes with the stored type and the headers that keep
// them inert and cached, 304 on a matching ETag, and 404 for anything but a known id: unknown and
// malformed ids, traversal in either segment, a deleted file, and a row whose bytes are gone.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createMedia, createOrganization, createToken } from "@/lib/factories";
import { filesDirectory } from "@/lib/files/storage";
import { answer, checksums, IMAGES, uploadRequest } from "@/test/uploads";
import { POST as upload } from "@/app/v1/files/route";
import { DELETE as remove } from "@/app/v1/files/[id]/route";
import { GET as serve, POST as servePost } from "./route";

let db: Db;
let token: string;
const uploaded: Record<string, { id: string; name: string; public_url: string; path: string }> = {};

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  for (const [kind, image] of Object.entries(IMAGES)) {
    // Each named and declared as something else: served by what the bytes are.
    const res = await answer(
      upload,
      uploadRequest({ token, file: { bytes: image.bytes, name: `${kind}.html`, type: "text/html" } }),
    );
    uploaded[kind] = res.body;
  }
});

const EXTENSIONS: Record<string, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };

const get = (id: string, name = "x", headers: Record<string, string> = {}) =>
  serve(
    new Request(`http://localhost/files/${encodeURIComponent(id)}/${encodeURIComponent(name)}`, { headers }),
    {
      params: Promise.resolve({ id, name }),
    },
  );

describe("GET /files/{id}/{name}", () => {
  it.each(Object.entries(IMAGES))(
    "serves the %s with its type, inert and cached for a year",
    async (kind, image) => {
      const file = uploaded[kind]!;
      const url = new URL(file.public_url);
      // The URL's extension is the type's, never the merchant's `.html`.
      expect(url.pathname).toBe(`/files/${file.id}/${kind}.${EXTENSIONS[kind]}`);
      const response = await get(file.id, `${kind}.html`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(image.mimeType);
      expect(response.headers.get("content-length")).toBe(String(image.bytes.byteLength));
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get("content-disposition")).toBe(
        `inline; filename="${kind}.${EXTENSIONS[kind]}"`,
      );
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("etag")).toBe(`"${checksums(image.bytes).checksum_etag}"`);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(image.bytes);
    },
  );

  it("never reads the name segment: any name serves the file", async () => {
    const response = await get(uploaded.png!.id, "../../../../etc/passwd");
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(IMAGES.png.bytes);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const etag = `"${checksums(IMAGES.gif.bytes).checksum_etag}"`;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await get(uploaded.gif!.id, "gif", { "if-none-match": header });
      expect(response.status, header).toBe(304);
      expect(response.headers.get("etag")).toBe(etag);
      expect(await response.text()).toBe("");
    }
    expect((await get(uploaded.gif!.id, "gif", { "if-none-match": '"other"' })).status).toBe(200);
  });

  it.each([
    ["an unknown id", "6f1e2d3c-4b5a-4968-8776-655443322110"],
    ["a malformed id", "not-a-uuid"],
    ["a traversal id", "../../../etc/passwd"],
    ["an encoded traversal id", "..%2F..%2Fetc%2Fpasswd"],
    ["a storage key as id", "x/../../etc/passwd"],
    ["an empty id", ""],
  ])("answers %s with a JSON 404", async (_, id) => {
    const response = await get(id, "passwd");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it("reads the bytes from the row's key only: a row pointing outside the folder is never served", async () => {
    const org = await createOrganization(db);
    const secret = path.join(path.dirname(filesDirectory()), `outside-${org.id}.txt`);
    fs.writeFileSync(secret, "secret");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const hostile = await createMedia(db, org.id, { path: `../${path.basename(secret)}` });
      const response = await serve(new Request(`http://localhost/files/${hostile.id}/x`), {
        params: Promise.resolve({ id: hostile.id, name: "x" }),
      }).catch((error: unknown) => error);
      // The storage refuses the key (a 500 with a generic body), never the file's content.
      expect(response).toBeInstanceOf(Response);
      const text = await (response as Response).text();
      expect((response as Response).status).toBe(500);
      expect(text).not.toContain("secret");
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
      fs.rmSync(secret, { force: true });
    }
  });

  it("is 404 once the file is deleted, and for a row whose bytes are gone", async () => {
    const res = await answer(
      upload,
      uploadRequest({ token, file: { bytes: IMAGES.png.bytes, name: "bye.png" } }),
    );
    await remove(
      new Request("http://localhost", { method: "DELETE", headers: { authorization: `Bearer ${token}` } }),
      {
        params: Promise.resolve({ id: res.body.id }),
      },
    );
    expect((await get(res.body.id)).status).toBe(404);
    const org = await createOrganization(db);
    const orphan = await createMedia(db, org.id);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await get(orphan.id)).status).toBe(404);
    expect(warned).toHaveBeenCalledWith(
      `The file of media ${orphan.id} is missing from storage (${orphan.path}).`,
    );
    warned.mockRestore();
  });

  it("has no other method than GET (and Next.js's HEAD)", async () => {
    const response = await servePost(new Request("http://localhost/files/x/y", { method: "POST" }), {
      params: Promise.resolve({ id: "x", name: "y" }),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
