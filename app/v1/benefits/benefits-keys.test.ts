// A license_keys benefit and its keys: a key takes the benefit's prefix, limits and expiry when it
// is issued (computed by the database, the same as lib/core/license-key-format.ts computes them);
// an edit reaches the keys issued afterwards, and existing keys only with apply_to_existing_keys,
// which never revives a revoked or disabled key nor removes an activation.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { grantBenefits, productBenefitLinks } from "@/lib/benefits/grants";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { licenseKeyExpiry, type LicenseKeyProperties } from "@/lib/core/license-key-format";
import { call } from "@/test/http";
import { PATCH as update } from "./[id]/route";
import { POST as activate } from "../customer-portal/license-keys/activate/route";

const UUID = "[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}";

let db: Db;
let org: string;
let token: string;
let customerId: string;

beforeAll(async () => {
  db = await getDb();
  org = (await createOrganization(db)).id;
  token = (await createToken(db, org)).token;
  customerId = (await createCustomer(db, org)).id;
});

const patch = (id: string, body: unknown) => call(update, { token, method: "PATCH", params: { id }, body });

/** A license_keys benefit on a product of its own; `issue` grants it as an order at `at` would. */
async function keysBenefit(properties: LicenseKeyProperties) {
  const benefit = await createBenefit(db, org, { type: "license_keys", description: "Keys", properties });
  const { price } = await createProduct(db, org, { benefitIds: [benefit.id] });
  const issue = async (at: Date) => {
    const order = await createOrder(db, org, { customerId, priceId: price.id, order: { created_at: at } });
    return db.licenseKey.findFirstOrThrow({ where: { benefit_grant: { order_id: order.id } } });
  };
  return { benefit, issue };
}

const at = (iso: string) => new Date(iso);

describe("issuing a key", () => {
  it("copies the prefix (upper-cased) and the limits, and expires as licenseKeyExpiry says", async () => {
    const cases: [LicenseKeyProperties["expires"], string, string][] = [
      // JavaScript's date arithmetic, which the SQL reproduces: no clamping to the month's end.
      [{ ttl: 1, timeframe: "month" }, "2026-01-31T10:20:30.456Z", "2026-03-03T10:20:30.456Z"],
      [{ ttl: 13, timeframe: "month" }, "2026-12-31T23:59:59.999Z", "2028-01-31T23:59:59.999Z"],
      [{ ttl: 1, timeframe: "year" }, "2028-02-29T00:00:00.000Z", "2029-03-01T00:00:00.000Z"],
      [{ ttl: 4, timeframe: "year" }, "2028-02-29T12:00:00.000Z", "2032-02-29T12:00:00.000Z"],
      [{ ttl: 30, timeframe: "day" }, "2026-02-10T08:00:00.000Z", "2026-03-12T08:00:00.000Z"],
      [{ ttl: 999, timeframe: "year" }, "2026-11-26T00:00:00.000Z", "3025-11-26T00:00:00.000Z"],
    ];
    for (const [expires, issuedAt, expected] of cases) {
      const properties = { prefix: "acme_1", expires, activations: { limit: 3 }, limit_usage: 50 };
      const { issue } = await keysBenefit(properties);
      const key = await issue(at(issuedAt));
      expect(licenseKeyExpiry(properties, at(issuedAt))?.toISOString()).toBe(expected);
      expect({ key: key.key, expires_at: key.expires_at?.toISOString() }).toEqual({
        key: expect.stringMatching(new RegExp(`^ACME_1-${UUID}$`)),
        expires_at: expected,
      });
      expect(key).toMatchObject({
        status: "granted",
        limit_activations: 3,
        limit_usage: 50,
        usage: 0,
        created_at: at(issuedAt),
        organization_id: org,
        customer_id: customerId,
      });
    }
  });

  it("issues a bare key with no limits and no expiry when the benefit sets none", async () => {
    const { issue } = await keysBenefit({
      prefix: null,
      expires: null,
      activations: null,
      limit_usage: null,
    });
    const key = await issue(at("2026-05-01T00:00:00.000Z"));
    expect(key.key).toMatch(new RegExp(`^${UUID}$`));
    expect(key).toMatchObject({ limit_activations: null, limit_usage: null, expires_at: null });
  });
});

describe("editing a benefit whose keys were issued", () => {
  const before = {
    prefix: "OLD",
    expires: { ttl: 1, timeframe: "year" as const },
    activations: { limit: 3 },
    limit_usage: 100,
  };
  const after = {
    prefix: "NEW",
    expires: { ttl: 2, timeframe: "month" as const },
    activations: { limit: 1 },
    limit_usage: 5,
  };

  it("without apply_to_existing_keys: existing keys keep their terms, keys issued afterwards get the new ones", async () => {
    const { benefit, issue } = await keysBenefit(before);
    const old = await issue(at("2026-01-15T00:00:00.000Z"));
    const res = await patch(benefit.id, { properties: after });
    expect(res.status).toBe(200);
    expect(res.body.properties).toEqual({
      ...after,
      activations: { limit: 1, enable_customer_admin: false },
    });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: old.id } })).toEqual(old);
    const fresh = await issue(at("2026-03-31T00:00:00.000Z"));
    expect(fresh.key).toMatch(new RegExp(`^NEW-${UUID}$`));
    expect(fresh).toMatchObject({
      limit_activations: 1,
      limit_usage: 5,
      expires_at: at("2026-05-31T00:00:00.000Z"),
    });
  });

  it("with apply_to_existing_keys: every key gets the new limits and expiry from its issue; status, usage, activations and key stay", async () => {
    const { benefit, issue } = await keysBenefit(before);
    const granted = await issue(at("2030-01-31T00:00:00.000Z"));
    const revoked = await issue(at("2030-02-01T00:00:00.000Z"));
    const disabled = await issue(at("2030-02-02T00:00:00.000Z"));
    await db.licenseKey.update({ where: { id: revoked.id }, data: { status: "revoked" } });
    await db.licenseKey.update({ where: { id: disabled.id }, data: { status: "disabled" } });
    await db.licenseKey.update({ where: { id: granted.id }, data: { usage: 40 } });
    for (let i = 0; i < 3; i++) await createActivation(db, granted.id);
    const bystander = await (await keysBenefit(before)).issue(at("2030-01-31T00:00:00.000Z"));

    const now = Date.now();
    const res = await patch(benefit.id, {
      type: "license_keys",
      properties: after,
      apply_to_existing_keys: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.properties.activations).toEqual({ limit: 1, enable_customer_admin: false });

    const keys = await db.licenseKey.findMany({
      where: { benefit_id: benefit.id },
      orderBy: { created_at: "asc" },
    });
    expect(
      keys.map((k) => [k.status, k.limit_activations, k.limit_usage, k.expires_at?.toISOString()]),
    ).toEqual([
      ["granted", 1, 5, "2030-03-31T00:00:00.000Z"],
      ["revoked", 1, 5, "2030-04-01T00:00:00.000Z"],
      ["disabled", 1, 5, "2030-04-02T00:00:00.000Z"],
    ]);
    const [grantedNow] = keys;
    expect(grantedNow).toMatchObject({ key: granted.key, usage: 40, created_at: granted.created_at });
    for (const key of keys) expect(key.modified_at!.getTime()).toBeGreaterThanOrEqual(now - 1000);
    // Activations above the lowered limit stay; a new one is refused until enough are released.
    expect(
      await db.licenseKeyActivation.count({ where: { license_key_id: granted.id, deleted_at: null } }),
    ).toBe(3);
    const refused = await call(activate, {
      body: { key: granted.key, organization_id: org, label: "Fourth" },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: "NotPermitted", detail: "License key activation limit already reached" },
    });
    // Another benefit's key is not touched.
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: bystander.id } })).toEqual(bystander);
  });

  it("clears limits and expiry the benefit no longer sets, and resyncs keys edited one by one", async () => {
    const { benefit, issue } = await keysBenefit(before);
    const key = await issue(at("2026-06-01T00:00:00.000Z"));
    await db.licenseKey.update({ where: { id: key.id }, data: { limit_activations: 7 } });
    const same = await patch(benefit.id, { apply_to_existing_keys: true });
    expect(same.status).toBe(200);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({
      limit_activations: 3,
      limit_usage: 100,
      expires_at: at("2027-06-01T00:00:00.000Z"),
    });
    await patch(benefit.id, { properties: { prefix: "OLD" }, apply_to_existing_keys: true });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({
      key: key.key,
      limit_activations: null,
      limit_usage: null,
      expires_at: null,
    });
  });

  it("leaves the keys as they were when the edit is refused", async () => {
    const { benefit, issue } = await keysBenefit(before);
    const key = await issue(at("2026-06-01T00:00:00.000Z"));
    const res = await patch(benefit.id, {
      properties: { activations: { limit: 51 } },
      apply_to_existing_keys: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        type: "less_than_equal",
        loc: ["body", "properties", "activations", "limit"],
        msg: "Input should be less than or equal to 50",
        input: 51,
      },
    ]);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toEqual(key);
  });

  it("a grant that read the product before an edit still issues its key with the edited terms", async () => {
    const { benefit } = await keysBenefit(before);
    const { product } = await createProduct(db, org, { benefitIds: [benefit.id] });
    // The product's benefits as order processing reads them, before the edit commits.
    const links = await db.productBenefit.findMany({
      where: { product_id: product.id },
      ...productBenefitLinks,
    });
    expect((await patch(benefit.id, { properties: after })).status).toBe(200);
    const order = await createOrder(db, org, {
      customerId,
      priceId: (await db.productPrice.findFirstOrThrow({ where: { product_id: product.id } })).id,
      withBenefits: false,
    });
    const now = at("2026-07-01T00:00:00.000Z");
    await db.$transaction((tx) =>
      grantBenefits(tx, links, {
        organizationId: org,
        customerId,
        productId: product.id,
        orderId: order.id,
        subscriptionId: null,
        now,
      }),
    );
    const key = await db.licenseKey.findFirstOrThrow({ where: { benefit_grant: { order_id: order.id } } });
    expect(key.key).toMatch(/^NEW-/);
    expect(key).toMatchObject({
      limit_activations: 1,
      limit_usage: 5,
      expires_at: at("2026-09-01T00:00:00.000Z"),
    });
  });

  it("a key created by the factory and one issued by a grant agree", async () => {
    const { benefit, issue } = await keysBenefit(before);
    const issuedAt = at("2026-08-31T00:00:00.000Z");
    const issued = await issue(issuedAt);
    const made = await createLicenseKey(db, org, {
      benefitId: benefit.id,
      customerId,
      key: { created_at: issuedAt },
    });
    expect([made.limit_activations, made.limit_usage, made.expires_at]).toEqual([
      issued.limit_activations,
      issued.limit_usage,
      issued.expires_at,
    ]);
  });
});
