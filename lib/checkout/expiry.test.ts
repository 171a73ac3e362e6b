// The expiry sweep, driven with a moved clock through the job queue.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { releaseRedemption } from "@/lib/discounts/redemptions";
import { createCheckout, createDiscount, createOrganization, createProduct } from "@/lib/factories";
import { ensureRecurringJobs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { call } from "@/test/http";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as read } from "@/app/v1/checkouts/custom/client/[client_secret]/route";

let db: Db;
let organizationId: string;
let priceId: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  priceId = (await createProduct(db, organizationId)).price.id;
});

describe("checkout expiry", () => {
  it("marks open sessions past expires_at expired and leaves the others alone", async () => {
    const now = new Date();
    const stale = await createCheckout(db, organizationId, priceId, {
      expires_at: new Date(now.getTime() - 1000),
    });
    const fresh = await createCheckout(db, organizationId, priceId, {
      expires_at: new Date(now.getTime() + 60_000),
    });
    const confirmed = await createCheckout(db, organizationId, priceId, {
      status: "confirmed",
      expires_at: new Date(now.getTime() - 1000),
    });

    await ensureRecurringJobs(db, jobHandlers, now);
    await runDueJobs(db, jobHandlers, { now });

    const status = async (id: string) =>
      (await db.checkoutSession.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(stale.id)).toBe("expired");
    expect(await status(fresh.id)).toBe("open");
    expect(await status(confirmed.id)).toBe("confirmed");

    // The buyer's page reads the expired session (200, its real status); confirming it is refused.
    const page = await call(read, { params: { client_secret: stale.client_secret } });
    expect(page.status).toBe(200);
    expect(page.body.status).toBe("expired");
    const attempt = await call(confirm, {
      params: { client_secret: stale.client_secret },
      body: { customer_email: "late@example.com" },
    });
    expect(attempt.status).toBe(403);
    expect(attempt.body.error).toBe("NotOpenCheckout");

    // The sweep is recurring: the next run is queued a minute later.
    const next = await db.job.findFirstOrThrow({ where: { name: "checkouts.expire", status: "pending" } });
    expect(next.run_at.getTime()).toBe(now.getTime() + 60_000);
  });

  it("releases the discount redemption of a session that ends without an order", async () => {
    const discount = await createDiscount(db, organizationId, { max_redemptions: 1, redemptions_count: 1 });
    const session = await createCheckout(db, organizationId, priceId, { discount_id: discount.id });
    await db.discountRedemption.create({
      data: { id: crypto.randomUUID(), discount_id: discount.id, checkout_id: session.id },
    });
    await db.$transaction((tx) => releaseRedemption(tx, session.id));
    expect(await db.discountRedemption.count({ where: { discount_id: discount.id } })).toBe(0);
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(0);
  });
});
