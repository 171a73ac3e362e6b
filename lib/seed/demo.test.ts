import { SCOPES } from "@/lib/auth/scopes";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { sha256Hex } from "../crypto";
import { verifyPassword } from "../auth/passwords";
import { seedDemo } from "./demo";
import { call, callRaw } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as signIn } from "@/app/v1/auth/sign-in/route";
import { GET as buy } from "@/app/buy/[link]/route";
import { GET as getClientCheckout } from "@/app/v1/checkouts/custom/client/[client_secret]/route";

afterEach(() => {
  delete process.env.DEMO_ACCESS_TOKEN;
  delete process.env.DEMO_ADMIN_PASSWORD;
});

/** No demo yet, whatever the tests before this one (in any order) seeded. */
async function withoutDemo() {
  const db = await getDb();
  await db.organization.deleteMany({ where: { slug: "demo" } });
  await db.user.deleteMany({ where: { email: "admin@demo.test" } });
  return db;
}

describe("seedDemo", () => {
  it("builds the demo once, with a checkout link whose URL every run gives", async () => {
    process.env.DEMO_ACCESS_TOKEN = "oat_demo_token_for_tests";
    process.env.DEMO_ADMIN_PASSWORD = "demo-password";
    const db = await withoutDemo();

    const first = await seedDemo(db);
    expect(first).toMatchObject({
      created: true,
      adminEmail: "admin@demo.test",
      adminPassword: "demo-password",
      token: "oat_demo_token_for_tests",
    });
    expect(first.checkoutLinkUrl).toMatch(/^http:\/\/localhost:\d+\/buy\/acme-studio$/);

    const org = await db.organization.findUniqueOrThrow({ where: { slug: "demo" } });
    const counts = {
      products: await db.product.count({ where: { organization_id: org.id } }),
      discounts: await db.discount.count({ where: { organization_id: org.id } }),
      orders: await db.order.count({ where: { organization_id: org.id } }),
      licenseKeys: await db.licenseKey.count({ where: { organization_id: org.id } }),
      activations: await db.licenseKeyActivation.count({
        where: { license_key: { organization_id: org.id } },
      }),
      requiredFields: await db.attachedCustomField.count({
        where: { required: true, product: { organization_id: org.id } },
      }),
    };
    expect(counts).toEqual({
      products: 3,
      discounts: 3,
      orders: 6,
      licenseKeys: 6,
      activations: 12,
      requiredFields: 1,
    });

    const token = await db.organizationAccessToken.findUniqueOrThrow({
      where: { token_hash: sha256Hex("oat_demo_token_for_tests") },
    });
    expect(token.scopes).toHaveLength(SCOPES.length);
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@demo.test" } });
    expect(await verifyPassword("demo-password", admin.password_hash)).toBe(true);
    expect(await verifyPassword("wrong", admin.password_hash)).toBe(false);

    const second = await seedDemo(db);
    expect(second.created).toBe(false);
    expect(second.checkoutLinkUrl).toBe(first.checkoutLinkUrl);
    expect(await db.organization.count({ where: { slug: "demo" } })).toBe(1);
    expect(await db.order.count({ where: { organization_id: org.id } })).toBe(6);
    // Only the expired demo session: a run opens none (a visit to the link does).
    expect(await db.checkoutSession.count({ where: { organization_id: org.id } })).toBe(1);
    expect(await db.checkoutSession.count({ where: { organization_id: org.id, status: "expired" } })).toBe(1);
    const link = await db.checkoutLink.findUniqueOrThrow({
      where: { slug: "acme-studio" },
      include: { link_products: { include: { product: true } } },
    });
    expect(link.organization_id).toBe(org.id);
    expect(link.link_products.map((p) => p.product.name)).toEqual(["Acme Studio"]);
    expect(await db.checkoutLink.count({ where: { organization_id: org.id } })).toBe(1);
  });

  it("puts the checkout link back when it was deleted, and its URL opens a checkout of Acme Studio", async () => {
    const db = await getDb();
    await seedDemo(db);
    // Deleted as the API deletes it: the slug is freed.
    await db.checkoutLink.updateMany({
      where: { slug: "acme-studio" },
      data: { slug: null, deleted_at: new Date() },
    });
    const again = await seedDemo(db);
    expect(again.checkoutLinkUrl).toMatch(/\/buy\/acme-studio$/);
    const response = await callRaw(buy, {
      path: "/buy/acme-studio",
      params: { link: "acme-studio" },
      headers: fromPeer("198.51.100.7"),
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    const secret = decodeURIComponent(/^\/checkout\/([^/]+)$/.exec(location.pathname)![1]!);
    const { body } = await call(getClientCheckout, { params: { client_secret: secret } });
    expect(body).toMatchObject({ status: "open", product: { name: "Acme Studio" } });
  });

  it("keys follow the benefit: prefix, 3 activations, one year", async () => {
    const db = await getDb();
    await seedDemo(db); // builds the demo unless an earlier test did
    const key = await db.licenseKey.findFirstOrThrow({
      where: { organization: { slug: "demo" } },
      orderBy: { created_at: "asc" },
    });
    expect(key.key).toMatch(/^ACME-[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(key.limit_activations).toBe(3);
    const years = (key.expires_at!.getTime() - key.created_at.getTime()) / (365 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(0.99);
    expect(years).toBeLessThan(1.01);
  });

  it("applies DEMO_ADMIN_PASSWORD on a later boot too: the printed password signs in", async () => {
    const db = await getDb();
    await seedDemo(db); // the demo exists, with whatever password it was first given
    process.env.DEMO_ADMIN_PASSWORD = "recovered-password";
    const later = await seedDemo(db);
    expect(later).toMatchObject({
      created: false,
      adminEmail: "admin@demo.test",
      adminPassword: "recovered-password",
    });
    const response = await call(signIn, { body: { email: later.adminEmail, password: later.adminPassword } });
    expect(response.status).toBe(200);
    // And the admin stays the demo organization's owner.
    const admin = await db.user.findUniqueOrThrow({
      where: { email: "admin@demo.test" },
      include: { memberships: { include: { organization: true } } },
    });
    expect(admin.memberships.map((m) => [m.role, m.organization.slug])).toEqual([["owner", "demo"]]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "two instances seeding together on one PostgreSQL create one demo, and neither fails",
    async () => {
      const db = await withoutDemo();
      // One client, two pooled connections: two interactive transactions really run at once.
      const results = await Promise.all([seedDemo(db), seedDemo(db)]);
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
      expect(await db.organization.count({ where: { slug: "demo" } })).toBe(1);
      expect(await db.user.count({ where: { email: "admin@demo.test" } })).toBe(1);
    },
  );
});
