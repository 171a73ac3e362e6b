// The buyer's benefits route through the real handlers: nothing before the order is processed,
// then every granted benefit in the product's order, license keys in full.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createBenefit, createOrganization, createProduct, createToken } from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as create } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import {
  GET as benefits,
  POST as postBenefits,
} from "@/app/v1/checkouts/custom/client/[client_secret]/benefits/route";

let db: Db;
let token: string;
let product: Awaited<ReturnType<typeof createProduct>>;
let licenseBenefitId: string;
let supportBenefitId: string;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Acme Software" });
  token = (await createToken(db, organization.id)).token;
  // Created in one order, attached in the other: the response follows the product's order.
  const support = await createBenefit(db, organization.id, {
    description: "Priority email support",
    properties: { note: "Write to support@acme.test with your order number." },
  });
  const license = await createBenefit(db, organization.id, {
    type: "license_keys",
    description: "License key for Acme Studio",
    properties: { prefix: "ACME", activations: { limit: 3 }, expires: { ttl: 1, timeframe: "year" } },
  });
  licenseBenefitId = license.id;
  supportBenefitId = support.id;
  product = await createProduct(db, organization.id, {
    price: { price_amount: 4900 },
    benefitIds: [license.id, support.id],
  });
});

const client = (secret: string) => ({ params: { client_secret: secret } });

async function confirmedSession() {
  const created = await call(create, { token, body: { product_id: product.product.id } });
  expect(created.status).toBe(201);
  const secret: string = created.body.client_secret;
  const confirmed = await call(confirm, {
    ...client(secret),
    body: {
      customer_email: "buyer@example.com",
      customer_name: "Jane Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
  return { secret, checkoutId: created.body.id as string };
}

describe("GET /v1/checkouts/custom/client/{client_secret}/benefits", () => {
  it("answers 403 before the order is processed, then lists the granted benefits with the key", async () => {
    const { secret, checkoutId } = await confirmedSession();
    const early = await call(benefits, client(secret));
    expect(early.status).toBe(403);
    expect(early.body).toEqual({
      error: "NotPermitted",
      detail: "Benefits are available once the checkout has succeeded.",
    });

    await runDueJobs(db, jobHandlers);
    const res = await call(benefits, client(secret));
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    const [license, support] = res.body.items;
    const key = await db.licenseKey.findFirstOrThrow({
      where: { benefit_grant: { order: { checkout_id: checkoutId } } },
    });
    expect(license).toEqual({
      id: expect.any(String),
      benefit_id: licenseBenefitId,
      type: "license_keys",
      description: "License key for Acme Studio",
      note: null,
      granted_at: expect.stringMatching(/Z$/),
      license_key: {
        id: key.id,
        key: key.key,
        display_key: `****-${key.key.slice(-6)}`,
        status: "granted",
        expires_at: key.expires_at!.toISOString(),
        limit_activations: 3,
        limit_usage: null,
        // The benefit leaves the key's devices to the seller (no enable_customer_admin).
        activations: null,
      },
      downloads: [],
    });
    expect(license.license_key.key).toMatch(/^ACME-[0-9A-F-]{36}$/);
    expect(support).toMatchObject({
      benefit_id: supportBenefitId,
      type: "custom",
      note: "Write to support@acme.test with your order number.",
      license_key: null,
    });
  });

  it("leaves out revoked grants", async () => {
    const { secret, checkoutId } = await confirmedSession();
    await runDueJobs(db, jobHandlers);
    await db.benefitGrant.updateMany({
      where: { benefit_id: supportBenefitId, order: { checkout_id: checkoutId } },
      data: { revoked_at: new Date() },
    });
    const res = await call(benefits, client(secret));
    expect(res.body.items.map((b: any) => b.benefit_id)).toEqual([licenseBenefitId]);
  });

  it("refuses open sessions and does not know unknown secrets", async () => {
    const created = await call(create, { token, body: { product_id: product.product.id } });
    const open = await call(benefits, client(created.body.client_secret));
    expect(open.status).toBe(403);
    const unknown = await call(benefits, client("cs_unknown"));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    const post = await call(postBenefits, { ...client("cs_unknown"), body: {} });
    expect(post.status).toBe(405);
  });
});
