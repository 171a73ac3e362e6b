// PATCH /v1/files/{id} through the real handlers: the name and version label change (only the
// fields sent), the answer is the file as GET and the list show it, the stored bytes and a product
// image's public URL stay; bounded sizes (422), another organization's file (404), files:write.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createMedia, createOrganization, createToken } from "@/lib/factories";
import { call } from "@/test/http";
import { GET as list } from "./route";
import { GET as getOne, PATCH as update } from "./[id]/route";

let db: Db;
let org: string;
let token: string;
let readOnly: string;
let otherToken: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["files:read"] })).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
});

const patch = (id: string, body: unknown, as = token) =>
  call(update, { token: as, method: "PATCH", params: { id }, body });

describe("PATCH /v1/files/{id}", () => {
  it("renames a product image and sets its version; answers it as GET and the list do", async () => {
    const image = await createMedia(db, org, { name: "hero.png" });
    const res = await patch(image.id, { name: "  Hero shot.png ", version: "v2" });
    expect(res.status).toBe(200);
    const one = await call(getOne, { token, params: { id: image.id } });
    expect(res.body).toEqual(one.body);
    const listed = await call(list, { token, query: { ids: image.id } });
    expect(listed.body.items).toEqual([res.body]);
    expect(res.body).toMatchObject({
      id: image.id,
      name: "Hero shot.png",
      version: "v2",
      service: "product_media",
      // The stored file and its URL stay where they are.
      path: image.path,
      public_url: image.public_url,
      size: image.size,
    });
    expect(await db.media.findUniqueOrThrow({ where: { id: image.id } })).toMatchObject({
      name: "Hero shot.png",
      version: "v2",
      path: image.path,
      public_url: image.public_url,
    });
  });

  it("changes only the fields sent: null leaves the name, clears the version", async () => {
    const file = await createMedia(db, org, {
      name: "manual.pdf",
      version: "1.0",
      service: "downloadable",
      mime_type: "application/pdf",
    });
    const renamed = await patch(file.id, { name: "Manual.pdf" });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: "Manual.pdf", version: "1.0", service: "downloadable" },
    });
    // A downloadable has no public URL (docs/uploads-and-limits.md).
    expect(renamed.body).not.toHaveProperty("public_url");
    expect(renamed.body.flagged_malicious_at).toBeNull();
    const cleared = await patch(file.id, { name: null, version: null });
    expect(cleared).toMatchObject({ status: 200, body: { name: "Manual.pdf", version: null } });
    const nothing = await patch(file.id, {});
    expect(nothing).toMatchObject({ status: 200, body: { name: "Manual.pdf", version: null } });
    expect(await db.media.findUniqueOrThrow({ where: { id: file.id } })).toMatchObject({
      name: "Manual.pdf",
      version: null,
    });
  });

  it("refuses names and versions out of bounds with every problem, and changes nothing", async () => {
    const file = await createMedia(db, org, { name: "keep.png" });
    const res = await patch(file.id, { name: "x".repeat(256), version: "v".repeat(256) });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("RequestValidationError");
    expect(res.body.detail.map((p: { loc: unknown[]; type: string }) => [p.loc.join("."), p.type])).toEqual([
      ["body.name", "string_too_long"],
      ["body.version", "string_too_long"],
    ]);
    const empty = await patch(file.id, { name: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].loc).toEqual(["body", "name"]);
    expect((await patch(file.id, { name: 12 })).status).toBe(422);
    expect((await db.media.findUniqueOrThrow({ where: { id: file.id } })).name).toBe("keep.png");
  });

  it("answers 404 for another organization's file and an unknown one, and leaves them", async () => {
    const file = await createMedia(db, org, { name: "mine.png" });
    expect(await patch(file.id, { name: "theirs.png" }, otherToken)).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound" },
    });
    expect(await patch(file.id, {}, otherToken)).toMatchObject({ status: 404 });
    expect((await db.media.findUniqueOrThrow({ where: { id: file.id } })).name).toBe("mine.png");
    expect((await patch("00000000-0000-4000-8000-000000000000", { name: "a.png" })).status).toBe(404);
  });

  it("needs files:write", async () => {
    const file = await createMedia(db, org, { name: "scoped.png" });
    expect(await patch(file.id, { name: "nope.png" }, readOnly)).toMatchObject({
      status: 403,
      body: { error: "insufficient_scope" },
    });
    expect((await db.media.findUniqueOrThrow({ where: { id: file.id } })).name).toBe("scoped.png");
  });
});
