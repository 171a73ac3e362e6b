// Order processing as a job: its permanent failure path (the happy path and idempotency are covered
// in app/v1/checkouts/custom/client/lifecycle.test.ts, the crash in test/worker-kill.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCheckout, createDiscount, createOrganization, createProduct } from "@/lib/factories";
import { enqueueJob, retryDelayMs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { PROCESS_CHECKOUT_JOB, processCheckoutJob } from "./processing";

let db: Db;
let organizationId: string;
let priceId: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  priceId = (await createProduct(db, organizationId)).price.id;
});

describe("order processing failures", () => {
  it("retries with backoff, then marks the session failed, records why and releases the discount", async () => {
    const discount = await createDiscount(db, organizationId, { max_redemptions: 5, redemptions_count: 1 });
    // Confirmed without a customer: corrupt data that processing can never turn into an order.
    const session = await createCheckout(db, organizationId, priceId, {
      status: "confirmed",
      discount_id: discount.id,
    });
    await db.discountRedemption.create({
      data: { id: crypto.randomUUID(), discount_id: discount.id, checkout_id: session.id },
    });
    let now = new Date();
    await enqueueJob(db, PROCESS_CHECKOUT_JOB, { checkout_id: session.id }, { now });

    for (let attempt = 1; attempt <= processCheckoutJob.maxAttempts!; attempt++) {
      const result = await runDueJobs(db, jobHandlers, { now });
      expect(result.claimed).toBe(1);
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    const job = await db.job.findFirstOrThrow({ where: { name: PROCESS_CHECKOUT_JOB } });
    expect(job).toMatchObject({ status: "failed", attempts: processCheckoutJob.maxAttempts });
    expect(job.last_error).toContain("confirmed without a customer");

    const failed = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(failed.status).toBe("failed");
    expect(failed.failure_reason).toMatch(/^Order processing failed: .*confirmed without a customer/);
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(0);
    expect(await db.discountRedemption.count({ where: { checkout_id: session.id } })).toBe(0);
    expect((await db.discount.findUniqueOrThrow({ where: { id: discount.id } })).redemptions_count).toBe(0);
  });

  it("does nothing for a session that is not confirmed", async () => {
    const session = await createCheckout(db, organizationId, priceId);
    await enqueueJob(db, PROCESS_CHECKOUT_JOB, { checkout_id: session.id });
    expect(await runDueJobs(db, jobHandlers)).toMatchObject({ succeeded: 1 });
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("open");
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(0);
  });
});
