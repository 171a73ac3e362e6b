// POST /v1/customer-portal/license-keys/{id}/rotate: the buyer replaces a key they leaked. A new
// value, everything else kept; the old value stops validating; `license_key.updated` is sent; a
// revoked key is 403 and another buyer's 404, both changing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createBenefit, createCustomer, createLicenseKey, createOrganization } from "@/lib/factories";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { call } from "@/test/http";
import { POST as rotate } from "./[id]/rotate/route";
import { POST as validate } from "./validate/route";

let db: Db;
let organizationId: string;
let benefitId: string;
let buyers = 0;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  benefitId = (await createBenefit(db, organizationId, { type: "license_keys" })).id;
});

/** A buyer with a key of their own and a portal session. */
async function buyerWithKey(key: object = {}) {
  buyers += 1;
  const customer = await createCustomer(db, organizationId, { email: `rotate${buyers}@example.com` });
  const licenseKey = await createLicenseKey(db, organizationId, { benefitId, customerId: customer.id, key });
  const session = await createCustomerSession(db, customer.id, 3_600_000, new Date());
  return { licenseKey, token: session.token };
}

const validateKey = (key: string) =>
  call(validate, { body: { key, organization_id: organizationId } }).then((res) => res.status);

describe("POST /v1/customer-portal/license-keys/{id}/rotate", () => {
  it("gives the buyer's key a new value: the old one stops validating, the rest is kept", async () => {
    const { licenseKey, token } = await buyerWithKey({ usage: 2, validations: 5 });
    expect(await validateKey(licenseKey.key)).toBe(200);
    const res = await call(rotate, { token, params: { id: licenseKey.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: licenseKey.id,
      status: "granted",
      usage: 2,
      benefit_id: benefitId,
      customer_id: licenseKey.customer_id,
    });
    expect(res.body.key).not.toBe(licenseKey.key);
    expect(res.body.display_key).toMatch(/^\*\*\*\*-/);
    expect(await validateKey(licenseKey.key)).toBe(404);
    expect(await validateKey(res.body.key)).toBe(200);
    const row = await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } });
    expect(row.key).toBe(res.body.key);
  });

  it("refuses a revoked key (403) and another buyer's (404), changing nothing", async () => {
    const revoked = await buyerWithKey({ status: "revoked" });
    const refused = await call(rotate, { token: revoked.token, params: { id: revoked.licenseKey.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "NotPermitted",
      detail: "A revoked license key cannot be rotated.",
    });

    const owner = await buyerWithKey();
    const stranger = await buyerWithKey();
    const foreign = await call(rotate, { token: stranger.token, params: { id: owner.licenseKey.id } });
    expect(foreign.status).toBe(404);
    expect(await call(rotate, { params: { id: owner.licenseKey.id } }).then((res) => res.status)).toBe(401);
    for (const { licenseKey } of [revoked, owner]) {
      expect((await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } })).key).toBe(
        licenseKey.key,
      );
    }
  });
});
