// GET /v1/benefits/{id}/files through the real routes: a downloadables benefit's files in its order,
// each with its download statistics, counted where the buyer's signed link serves the file (one
// upsert per download: distinct customers and total downloads, per benefit); pagination; an empty
// page for a benefit of another type; 404 for another organization's benefit; benefits:read needed.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit as createBenefitRow,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { downloadLink } from "@/lib/files/download-links";
import { call } from "@/test/http";
import { ISO } from "@/test/shapes";
import { POST as createFile } from "@/app/v1/files/route";
import { PUT as putPart } from "@/app/v1/files/[id]/parts/[number]/route";
import { POST as uploaded } from "@/app/v1/files/[id]/uploaded/route";
import { GET as download } from "@/app/v1/customer-portal/downloadables/[token]/route";
import { POST as createBenefit } from "./route";
import { GET as listFiles } from "./[id]/files/route";

let db: Db;
let org: string;
let token: string;
let readOnly: string;
let otherToken: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  readOnly = (await createToken(db, org, { scopes: ["benefits:read"] })).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
});

/** A downloadable uploaded in one part through the files API; its row. */
async function uploadFile(name: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  const announced = await call(createFile, {
    token,
    body: {
      name,
      mime_type: "application/pdf",
      size: bytes.length,
      service: "downloadable",
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: bytes.length }] },
    },
  });
  expect(announced.status).toBe(201);
  const url = new URL(announced.body.upload.parts[0].url);
  const sent = await putPart(
    new Request(new URL(`${url.pathname}${url.search}`, "http://localhost"), { method: "PUT", body: bytes }),
    { params: Promise.resolve({ id: announced.body.id, number: "1" }) },
  );
  const done = await call(uploaded, {
    token,
    params: { id: announced.body.id },
    body: {
      id: announced.body.upload.id,
      path: announced.body.upload.path,
      parts: [{ number: 1, checksum_etag: sent.headers.get("etag") }],
    },
  });
  expect(done.status).toBe(200);
  return db.media.findUniqueOrThrow({ where: { id: announced.body.id } });
}

/** A buyer of the product: their grant of the benefit. */
async function buyer(priceId: string, benefitId: string) {
  const customer = await createCustomer(db, org);
  const order = await createOrder(db, org, { customerId: customer.id, priceId });
  return db.benefitGrant.findFirstOrThrow({ where: { order_id: order.id, benefit_id: benefitId } });
}

/** Downloads the file through the buyer's signed link, as the portal hands it out. */
async function downloadThrough(grantId: string, fileId: string) {
  const link = new URL(downloadLink(grantId, fileId, new Date()).url);
  const tokenParam = decodeURIComponent(link.pathname.split("/").pop()!);
  const res = await download(new Request(new URL(link.pathname, "http://localhost")), {
    params: Promise.resolve({ token: tokenParam }),
  });
  await res.arrayBuffer();
  return res.status;
}

const list = (id: string, query: Record<string, number> = {}, as = token) =>
  call(listFiles, { token: as, params: { id }, query });

describe("GET /v1/benefits/{id}/files", () => {
  it("lists the files in the benefit's order with real download counts", async () => {
    const manual = await uploadFile("Manual.pdf", "%PDF manual");
    const extras = await uploadFile("extras.zip", "extra bytes");
    const benefit = await call(createBenefit, {
      token,
      body: {
        type: "downloadables",
        description: "Files",
        properties: { files: [extras, manual].map((f) => f.id) },
      },
    });
    expect(benefit.status).toBe(201);
    const benefitId = benefit.body.id as string;

    // Nobody downloaded anything yet.
    const before = await list(benefitId);
    expect(before.status).toBe(200);
    expect(
      before.body.items.map((f: { id: string; downloaders: number; downloads: number }) => [
        f.id,
        f.downloaders,
        f.downloads,
      ]),
    ).toEqual([
      [extras.id, 0, 0],
      [manual.id, 0, 0],
    ]);

    const { price } = await createProduct(db, org, { benefitIds: [benefitId] });
    const ada = await buyer(price.id, benefitId);
    const bob = await buyer(price.id, benefitId);
    // Ada downloads the manual three times and the extras once; Bob the manual once.
    for (const [grant, file] of [
      [ada, manual],
      [ada, manual],
      [ada, manual],
      [ada, extras],
      [bob, manual],
    ] as const) {
      expect(await downloadThrough(grant.id, file.id)).toBe(200);
    }
    // A refused link (a forged signature) counts nothing.
    const forged = await download(new Request("http://localhost/x"), {
      params: Promise.resolve({ token: `${bob.id}.${extras.id}.${Date.now() + 60_000}.forged` }),
    });
    expect(forged.status).toBe(403);

    const res = await list(benefitId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: extras.id,
          organization_id: org,
          name: "extras.zip",
          path: extras.path,
          mime_type: "application/pdf",
          size: 11,
          size_readable: "11 B",
          storage_version: null,
          checksum_etag: extras.checksum_etag,
          checksum_sha256_base64: extras.checksum_sha256_base64,
          checksum_sha256_hex: extras.checksum_sha256_hex,
          last_modified_at: expect.stringMatching(ISO),
          version: null,
          service: "downloadable",
          is_uploaded: true,
          created_at: expect.stringMatching(ISO),
          flagged_malicious_at: null,
          downloaders: 1,
          downloads: 1,
        },
        expect.objectContaining({ id: manual.id, name: "Manual.pdf", downloaders: 2, downloads: 4 }),
      ],
      pagination: { total_count: 2, max_page: 1 },
    });
    // One row per benefit, file and customer.
    expect(
      await db.fileDownload.findMany({
        where: { benefit_id: benefitId },
        select: { media_id: true, customer_id: true, downloads: true },
        orderBy: [{ downloads: "asc" }, { media_id: "asc" }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { media_id: manual.id, customer_id: ada.customer_id, downloads: 3 },
        { media_id: extras.id, customer_id: ada.customer_id, downloads: 1 },
        { media_id: manual.id, customer_id: bob.customer_id, downloads: 1 },
      ]),
    );
    expect(await db.fileDownload.count({ where: { benefit_id: benefitId } })).toBe(3);

    // Pages of one: the benefit's order, the counts of each page's file.
    const second = await list(benefitId, { page: 2, limit: 1 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      items: [{ id: manual.id, downloaders: 2, downloads: 4 }],
      pagination: { total_count: 2, max_page: 2 },
    });
    expect((await list(benefitId, { page: 3, limit: 1 })).body.items).toEqual([]);

    // Read-only is enough.
    expect((await list(benefitId, {}, readOnly)).status).toBe(200);
  });

  it("counts per benefit: the same file downloaded through another benefit is that benefit's", async () => {
    const shared = await uploadFile("shared.pdf", "shared");
    const one = await createBenefitRow(db, org, {
      type: "downloadables",
      properties: { files: [shared.id] },
    });
    const two = await createBenefitRow(db, org, {
      type: "downloadables",
      properties: { files: [shared.id] },
    });
    const { price } = await createProduct(db, org, { benefitIds: [one.id, two.id] });
    const grant = await buyer(price.id, one.id);
    expect(await downloadThrough(grant.id, shared.id)).toBe(200);
    expect((await list(one.id)).body.items[0]).toMatchObject({ downloaders: 1, downloads: 1 });
    expect((await list(two.id)).body.items[0]).toMatchObject({ downloaders: 0, downloads: 0 });
  });

  it("answers an empty page for a benefit of another type", async () => {
    const custom = await createBenefitRow(db, org);
    const res = await list(custom.id);
    expect(res).toMatchObject({
      status: 200,
      body: { items: [], pagination: { total_count: 0, max_page: 0 } },
    });
  });

  it("answers 404 for another organization's benefit, 403 without benefits:read, 422 for a bad id or page", async () => {
    const benefit = await createBenefitRow(db, org, { type: "downloadables", properties: { files: [] } });
    expect(await list(benefit.id, {}, otherToken)).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound" },
    });
    const filesOnly = (await createToken(db, org, { scopes: ["files:read"] })).token;
    expect((await list(benefit.id, {}, filesOnly)).status).toBe(403);
    expect((await call(listFiles, { token, params: { id: "nope" } })).status).toBe(422);
    expect((await list(benefit.id, { page: 0 })).status).toBe(422);
  });
});
