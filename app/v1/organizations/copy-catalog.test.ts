// POST /v1/organizations/{id}/copy-catalog through the real handler: a test organization's catalog
// copied into an empty live one (counts, every id remapped, nothing of the source changed, what is
// left out), and the refusals: source live, target test, target not empty, an organization the
// caller is not a member of, a token (one organization only).
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/lib/db/client";
import {
  attachCustomField,
  createBenefit,
  createCustomField,
  createDiscount,
  createMedia,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { deleteFile } from "@/lib/files/manage";
import type { FileStorage } from "@/lib/files/storage";
import { organizationPrincipal } from "@/lib/webhooks/resource-events";
import { call, type CallOptions } from "@/test/http";
import { POST as signIn } from "../auth/sign-in/route";
import { POST as copyCatalog } from "./[id]/copy-catalog/route";
import { GET as getProduct } from "../products/[id]/route";
import { GET as getLink } from "../checkout-links/[id]/route";

let db: Db;
let session: CallOptions["headers"];
type Org = Awaited<ReturnType<typeof createOrganization>>;
let source: Org;
const source_ids: Record<string, string> = {};

async function signedInAs(email: string, organizationIds: string[]) {
  await createMerchantUser(db, { email, password: "copy catalog password", organizationIds });
  const signedIn = await call(signIn, { body: { email, password: "copy catalog password" } });
  return {
    cookie: signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; "),
    "x-csrf-token": signedIn.body.csrf_token as string,
  };
}

const copy = (targetId: string, from: string, headers = session) =>
  call(copyCatalog, { headers, params: { id: targetId }, body: { from_organization_id: from } });

/** A fresh live organization the merchant belongs to. */
async function liveTarget() {
  const org = await createOrganization(db, { livemode: true });
  const user = await db.user.findUniqueOrThrow({ where: { email: "copier@example.com" } });
  await db.membership.create({ data: { user_id: user.id, organization_id: org.id, role: "owner" } });
  return org;
}

beforeAll(async () => {
  db = await getDb();
  source = await createOrganization(db, { name: "Test catalog" });
  const license = await createBenefit(db, source.id, {
    type: "license_keys",
    description: "License",
    properties: { prefix: "CPY", activations: { limit: 3, enable_customer_admin: true } },
  });
  const note = await createBenefit(db, source.id, { description: "Note", properties: { note: "Thanks" } });
  const app = await createProduct(db, source.id, {
    product: { name: "App", metadata: { sku: "app-1" } },
    price: { price_amount: 4900 },
    benefitIds: [license.id, note.id],
  });
  const cloud = await createProduct(db, source.id, {
    product: { name: "Cloud" },
    price: { recurring_interval: "month", price_amount: 900 },
  });
  await db.productPrice.create({
    data: {
      id: randomUUID(),
      product_id: cloud.product.id,
      type: "recurring",
      recurring_interval: "year",
      amount_type: "fixed",
      price_amount: 9000,
      is_archived: true,
    },
  });
  const old = await createProduct(db, source.id, { product: { name: "Old", is_archived: true } });
  const field = await createCustomField(db, source.id, {
    slug: "company",
    name: "Company",
    attachTo: { productId: app.product.id, required: true },
  });
  await attachCustomField(db, cloud.product.id, field.id, { order: 0 });
  const image = await createMedia(db, source.id);
  await db.productMedia.create({ data: { product_id: app.product.id, media_id: image.id, order: 0 } });
  const launch = await createDiscount(db, source.id, {
    name: "Launch",
    code: "LAUNCH",
    productIds: [app.product.id],
    redemptions_count: 3,
  });
  await createDiscount(db, source.id, { name: "Gone", deleted_at: new Date() });
  const link = await db.checkoutLink.create({
    data: {
      id: randomUUID(),
      organization_id: source.id,
      label: "Launch link",
      slug: `launch-${randomUUID().slice(0, 8)}`,
      discount_id: launch.id,
      link_products: {
        create: [
          { product_id: app.product.id, order: 0 },
          { product_id: cloud.product.id, order: 1 },
        ],
      },
    },
  });
  await db.checkoutLink.create({
    data: { id: randomUUID(), organization_id: source.id, label: "Deleted", deleted_at: new Date() },
  });
  Object.assign(source_ids, {
    license: license.id,
    app: app.product.id,
    cloud: cloud.product.id,
    old: old.product.id,
    field: field.id,
    image: image.id,
    launch: launch.id,
    link: link.id,
  });
  session = await signedInAs("copier@example.com", [source.id]);
});

describe("POST /v1/organizations/{id}/copy-catalog", () => {
  it("copies the catalog into an empty live organization with every reference remapped", async () => {
    const target = await liveTarget();
    const before = await db.product.count({ where: { organization_id: source.id } });
    const res = await copy(target.id, source.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ products: 3, benefits: 2, custom_fields: 1, discounts: 1, checkout_links: 1 });

    const products = await db.product.findMany({
      where: { organization_id: target.id },
      include: {
        prices: { orderBy: { price_amount: "asc" } },
        product_benefits: { include: { benefit: true }, orderBy: { order: "asc" } },
        attached_custom_fields: { include: { custom_field: true } },
        product_medias: { include: { media: true } },
      },
    });
    const byName = Object.fromEntries(products.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["App", "Cloud", "Old"]);
    const app = byName.App!;
    expect([source_ids.app, source_ids.cloud, source_ids.old]).not.toContain(app.id);
    expect(app).toMatchObject({ metadata: { sku: "app-1" }, is_archived: false, lowest_price_amount: 4900 });
    expect(byName.Old!.is_archived).toBe(true);
    expect(app.prices.map((p) => [p.price_amount, p.is_archived])).toEqual([[4900, false]]);
    expect(byName.Cloud!.prices.map((p) => [p.recurring_interval, p.price_amount, p.is_archived])).toEqual([
      ["month", 900, false],
      ["year", 9000, true],
    ]);
    // Benefits: the copies, in the target, with their properties.
    expect(app.product_benefits.map(({ benefit }) => [benefit.organization_id, benefit.description])).toEqual(
      [
        [target.id, "License"],
        [target.id, "Note"],
      ],
    );
    expect(app.product_benefits[0]!.benefit.id).not.toBe(source_ids.license);
    expect(app.product_benefits[0]!.benefit.properties).toEqual({
      prefix: "CPY",
      activations: { limit: 3, enable_customer_admin: true },
    });
    // Both products attach the one copy of the field.
    const fieldIds = products.flatMap((p) => p.attached_custom_fields.map((a) => a.custom_field.id));
    expect(fieldIds).toHaveLength(2);
    expect(new Set(fieldIds).size).toBe(1);
    expect(app.attached_custom_fields[0]).toMatchObject({
      required: true,
      custom_field: { organization_id: target.id, slug: "company" },
    });
    // The image: a media row of the target over the same stored file.
    const media = app.product_medias[0]!.media;
    const original = await db.media.findUniqueOrThrow({ where: { id: source_ids.image } });
    expect(media.id).not.toBe(original.id);
    expect(media).toMatchObject({ organization_id: target.id, path: original.path });
    expect(media.public_url).toBe(original.public_url.replace(original.id, media.id));

    // The discount: no redemptions, its product the copy; the deleted one left out.
    const discounts = await db.discount.findMany({
      where: { organization_id: target.id },
      include: { discount_products: true },
    });
    expect(discounts.map((d) => [d.name, d.code, d.redemptions_count])).toEqual([["Launch", "LAUNCH", 0]]);
    expect(discounts[0]!.discount_products.map((d) => d.product_id)).toEqual([app.id]);

    // The link: its products and discount are the copies; no slug (the test link keeps its own).
    const [link] = await db.checkoutLink.findMany({
      where: { organization_id: target.id },
      include: { link_products: { orderBy: { order: "asc" } } },
    });
    expect(link).toMatchObject({ label: "Launch link", slug: null, discount_id: discounts[0]!.id });
    expect(link!.link_products.map((p) => p.product_id)).toEqual([app.id, byName.Cloud!.id]);

    // Through the API, as the live organization's token sees them.
    const token = (await createToken(db, target.id)).token;
    const shown = await call(getProduct, { token, params: { id: app.id } });
    expect(shown.status).toBe(200);
    expect(shown.body.benefits.map((b: { id: string }) => b.id)).toEqual(
      app.product_benefits.map((b) => b.benefit_id),
    );
    expect(shown.body.medias.map((m: { id: string }) => m.id)).toEqual([media.id]);
    const shownLink = await call(getLink, { token, params: { id: link!.id } });
    expect(shownLink.status).toBe(200);
    expect(shownLink.body.discount_id).toBe(discounts[0]!.id);

    // The source is unchanged.
    expect(await db.product.count({ where: { organization_id: source.id } })).toBe(before);
    expect(
      (await db.discount.findUniqueOrThrow({ where: { id: source_ids.launch } })).redemptions_count,
    ).toBe(3);
  });

  it("copies into an empty catalog only: a second run is 409 and copies nothing", async () => {
    const target = await liveTarget();
    expect((await copy(target.id, source.id)).status).toBe(200);
    const counts = async () => ({
      products: await db.product.count({ where: { organization_id: target.id } }),
      benefits: await db.benefit.count({ where: { organization_id: target.id } }),
      links: await db.checkoutLink.count({ where: { organization_id: target.id } }),
    });
    const after = await counts();
    const again = await copy(target.id, source.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: "ConflictError",
      detail: "This organization already has products: the catalog is copied into an empty catalog only.",
    });
    expect(await counts()).toEqual(after);
  });

  it("refuses a live source and a test target with 422, copying nothing", async () => {
    const target = await liveTarget();
    const otherLive = await liveTarget();
    await createProduct(db, otherLive.id);
    const fromLive = await copy(target.id, otherLive.id);
    expect(fromLive.status).toBe(422);
    expect(fromLive.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["body", "from_organization_id"],
        msg: "The catalog is copied from a test organization; this one is live.",
        input: otherLive.id,
      },
    ]);

    const testTarget = await createOrganization(db);
    const user = await db.user.findUniqueOrThrow({ where: { email: "copier@example.com" } });
    await db.membership.create({ data: { user_id: user.id, organization_id: testTarget.id } });
    const intoTest = await copy(testTarget.id, source.id);
    expect(intoTest.status).toBe(422);
    expect(intoTest.body.detail).toEqual([
      {
        type: "value_error",
        loc: ["path", "id"],
        msg: "The catalog is copied into a live organization; this one is a test organization.",
        input: testTarget.id,
      },
    ]);
    expect(await db.product.count({ where: { organization_id: { in: [target.id, testTarget.id] } } })).toBe(
      0,
    );
  });

  it("is 404 for an organization of another merchant, either side, and for a token", async () => {
    const target = await liveTarget();
    const stranger = await createOrganization(db);
    const strangersLive = await createOrganization(db, { livemode: true });
    const notFound = { error: "ResourceNotFound", detail: "Not found" };
    const fromStranger = await copy(target.id, stranger.id);
    expect(fromStranger.status).toBe(404);
    expect(fromStranger.body).toEqual(notFound);
    const intoStranger = await copy(strangersLive.id, source.id);
    expect(intoStranger.status).toBe(404);
    expect(intoStranger.body).toEqual(notFound);
    // A token belongs to one organization: the other one is not found.
    const token = (await createToken(db, target.id)).token;
    const byToken = await call(copyCatalog, {
      token,
      params: { id: target.id },
      body: { from_organization_id: source.id },
    });
    expect(byToken.status).toBe(404);
    // A token without organizations:write is 403.
    const readOnly = (await createToken(db, target.id, { scopes: ["organizations:read"] })).token;
    const refused = await call(copyCatalog, {
      token: readOnly,
      params: { id: target.id },
      body: { from_organization_id: source.id },
    });
    expect(refused.status).toBe(403);
    expect(
      await db.product.count({ where: { organization_id: { in: [target.id, strangersLive.id] } } }),
    ).toBe(0);
  });

  it("keeps a copied image's stored file until its last media row is deleted", async () => {
    const target = await liveTarget();
    expect((await copy(target.id, source.id)).status).toBe(200);
    const copied = await db.media.findFirstOrThrow({ where: { organization_id: target.id } });
    const deleted: string[] = [];
    const storage = { delete: async (key: string) => void deleted.push(key) } as unknown as FileStorage;
    await db.productMedia.deleteMany({ where: { media_id: copied.id } });
    await deleteFile(db, organizationPrincipal(target.id), copied.id, { storage });
    // The source's row (and any other copy's) still holds the file.
    expect(await db.media.findUnique({ where: { id: copied.id } })).toBeNull();
    expect(deleted).toEqual([]);
  });
});
