// The downloadables benefit (docs/uploads-and-limits.md "Downloadable files"), through the real
// routes: a benefit of files uploaded in parts (only uploaded downloadables of the organization),
// granted with a purchase (its files recorded on the grant, archived ones left out for new buyers),
// the buyer's list in the portal with signed links, the download itself, and the refusals: a
// forged or expired link (403), a revoked grant (404, and gone from the list).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { openDownload } from "@/lib/customer-portal/downloadables";
import { revokeOrderBenefits } from "@/lib/benefits/grants";
import { call } from "@/test/http";
import { POST as createFile } from "@/app/v1/files/route";
import { PUT as putPart } from "@/app/v1/files/[id]/parts/[number]/route";
import { POST as uploaded } from "@/app/v1/files/[id]/uploaded/route";
import { POST as createBenefit } from "@/app/v1/benefits/route";
import { PATCH as updateBenefit } from "@/app/v1/benefits/[id]/route";
import { GET as listDownloadables } from "./downloadables/route";
import { GET as download } from "./downloadables/[token]/route";

let db: Db;
let organizationId: string;
let token: string;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db, { name: "Download Shop" })).id;
  token = (await createToken(db, organizationId)).token;
});

/** A downloadable uploaded in one part through the files API; its id. */
async function uploadFile(name: string, text: string, complete = true) {
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
  if (!complete) return announced.body.id as string;
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
  return announced.body.id as string;
}

async function buyer(priceId: string) {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, { email: `download${buyers}@example.com` });
  const order = await createOrder(db, organizationId, { customerId: customer.id, priceId });
  const { token: portal } = await createCustomerSession(db, customer.id, 60 * 60_000, new Date());
  return { customer, order, portal };
}

const fetchDownload = (url: string) => {
  const target = new URL(url);
  const tokenParam = decodeURIComponent(target.pathname.split("/").pop()!);
  return download(new Request(new URL(target.pathname, "http://localhost")), {
    params: Promise.resolve({ token: tokenParam }),
  });
};

describe("the downloadables benefit", () => {
  it("grants its files with a purchase; the buyer lists and downloads them by signed links", async () => {
    const manual = await uploadFile("Manual v2.pdf", "%PDF manual");
    const extras = await uploadFile("extras.zip", "extra bytes");
    const waiting = await uploadFile("not-yet.pdf", "pending", false);

    const refused = await call(createBenefit, {
      token,
      body: { type: "downloadables", description: "Files", properties: { files: [manual, waiting, manual] } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((p: { loc: unknown[]; msg: string }) => [p.loc.join("."), p.msg])).toEqual(
      [
        ["body.properties.files.1", "File does not exist, is not a downloadable, or is not uploaded yet."],
        ["body.properties.files.2", "This file is listed twice."],
      ],
    );

    const benefit = await call(createBenefit, {
      token,
      body: { type: "downloadables", description: "The files", properties: { files: [manual, extras] } },
    });
    expect(benefit.status).toBe(201);
    expect(benefit.body).toMatchObject({
      type: "downloadables",
      properties: { files: [manual, extras], archived: {} },
    });
    const product = await createProduct(db, organizationId, {
      price: { price_amount: 900 },
      benefitIds: [benefit.body.id],
    });
    const first = await buyer(product.price.id);
    const grant = await db.benefitGrant.findFirstOrThrow({ where: { order_id: first.order.id } });
    expect(grant.properties).toEqual({ files: [manual, extras] });

    const list = await call(listDownloadables, { token: first.portal });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items[0]).toMatchObject({
      benefit_id: benefit.body.id,
      file: {
        id: manual,
        name: "Manual v2.pdf",
        service: "downloadable",
        is_uploaded: true,
        download: {
          url: expect.stringMatching(/\/v1\/customer-portal\/downloadables\/[\w.-]+$/),
          headers: {},
        },
      },
    });
    const got = await fetchDownload(list.body.items[0].file.download.url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/octet-stream");
    expect(got.headers.get("content-disposition")).toBe(
      `attachment; filename="Manual-v2.pdf"; filename*=UTF-8''Manual%20v2.pdf`,
    );
    expect(await got.text()).toBe("%PDF manual");

    // Forged, expired: refused. Another buyer's list is their own.
    const url = list.body.items[0].file.download.url as string;
    expect((await fetchDownload(url.replace(/\.[\w-]+$/, ".forged"))).status).toBe(403);
    const tokenParam = url.split("/").pop()!;
    await expect(
      openDownload(db, tokenParam, { now: new Date(Date.now() + 11 * 60_000) }),
    ).rejects.toMatchObject({
      code: "NotPermitted",
    });
    const stranger = await createCustomer(db, organizationId, { email: "no-files@example.com" });
    const { token: strangerPortal } = await createCustomerSession(db, stranger.id, 60 * 60_000, new Date());
    expect((await call(listDownloadables, { token: strangerPortal })).body.items).toEqual([]);

    // An archived file is not granted to new buyers; the first keeps it.
    const archived = await call(updateBenefit, {
      token,
      params: { id: benefit.body.id },
      body: { properties: { files: [manual, extras], archived: { [extras]: true } } },
    });
    expect(archived.body.properties).toEqual({ files: [manual, extras], archived: { [extras]: true } });
    const second = await buyer(product.price.id);
    expect(
      (await call(listDownloadables, { token: second.portal })).body.items.map(
        (i: { file: { id: string } }) => i.file.id,
      ),
    ).toEqual([manual]);
    expect((await call(listDownloadables, { token: first.portal })).body.items).toHaveLength(2);

    // Revoked (a refund): the list is empty and a link kept from before downloads nothing.
    await db.$transaction((tx) => revokeOrderBenefits(tx, first.order.id, new Date()));
    expect((await call(listDownloadables, { token: first.portal })).body.items).toEqual([]);
    expect((await fetchDownload(url)).status).toBe(404);
  });
});
