// Real parallel requests against the confirm route: one session confirmed 20 times at once, and 50
// sessions racing for a discount with 10 redemptions. On PostgreSQL these run on separate pooled
// connections, so the row locks in confirm are what keeps the results exact.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createDiscount,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";

let db: Db;
let organizationId: string;
let product: Awaited<ReturnType<typeof createProduct>>;

const buyer = (n: number) => ({
  customer_email: `racer${n}@example.com`,
  customer_name: `Racer ${n}`,
  customer_billing_address: { country: "US" },
  confirmation_token_id: TEST_TOKENS.succeeds,
});

function tally(statuses: number[]) {
  return statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
}

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    properties: { prefix: "RACE", activations: { limit: 2 } },
  });
  product = await createProduct(db, organizationId, {
    price: { price_amount: 1500 },
    benefitIds: [license.id],
  });
});

describe("concurrent confirms", () => {
  it("20 simultaneous confirms of one session give exactly one order and no 500", async () => {
    const session = await createCheckout(db, organizationId, product.price.id);
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(confirm, { params: { client_secret: session.client_secret }, body: buyer(1) }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    console.log(`20 parallel confirms: ${JSON.stringify(tally(statuses))} in ${Date.now() - started} ms`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect([403, 409]).toContain(response.status);
      expect(["NotOpenCheckout", "ConflictError"]).toContain(response.body.error);
    }

    const processingStarted = Date.now();
    await runDueJobs(db, jobHandlers);
    console.log(`confirmed → succeeded (job run): ${Date.now() - processingStarted} ms`);
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
    expect(
      await db.customer.count({ where: { organization_id: organizationId, email: "racer1@example.com" } }),
    ).toBe(1);
    expect(await db.customerSession.count({ where: { customer: { email: "racer1@example.com" } } })).toBe(1);
    expect(await db.job.count({ where: { payload: { path: ["checkout_id"], equals: session.id } } })).toBe(1);
    const order = await db.order.findUniqueOrThrow({ where: { checkout_id: session.id } });
    expect(await db.licenseKey.count({ where: { customer_id: order.customer_id } })).toBe(1);
  });

  it("50 sessions racing for a discount with max_redemptions 10 redeem it exactly 10 times", async () => {
    const discount = await createDiscount(db, organizationId, {
      code: "TEN",
      basis_points: 2000,
      max_redemptions: 10,
    });
    const sessions = [];
    for (let n = 0; n < 50; n++) {
      sessions.push(await createCheckout(db, organizationId, product.price.id, { discount_id: discount.id }));
    }
    const started = Date.now();
    const responses = await Promise.all(
      sessions.map((session, n) =>
        call(confirm, { params: { client_secret: session.client_secret }, body: buyer(100 + n) }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    console.log(
      `50 racing confirms for 10 redemptions: ${JSON.stringify(tally(statuses))} in ${Date.now() - started} ms`,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(["body", "discount_id"]);
    }
    expect(await db.discountRedemption.count({ where: { discount_id: discount.id } })).toBe(10);
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(10);
    // The losers are untouched and still open: the buyer can remove the code and pay full price.
    expect(await db.checkoutSession.count({ where: { discount_id: discount.id, status: "open" } })).toBe(40);

    while ((await runDueJobs(db, jobHandlers, { limit: 50 })).claimed > 0);
    expect(await db.order.count({ where: { discount_id: discount.id } })).toBe(10);
  });
});
