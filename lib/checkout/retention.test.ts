// Retention of checkout sessions (./retention.ts), with the clock injected: which expired sessions
// go after CHECKOUT_RETENTION_DAYS, and which stay whatever their age (paid, processing, or linked
// to an order, a subscription or a payment attempt).
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCheckout,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { PRUNE_CHECKOUTS_JOB, pruneExpiredCheckouts } from "./retention";

const NOW = new Date("2026-12-20T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

let db: Db;
let organizationId: string;
let priceId: string;
let productId: string;

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  const created = await createProduct(db, organizationId);
  priceId = created.price.id;
  productId = created.product.id;
});

afterEach(() => {
  delete process.env.CHECKOUT_RETENTION_DAYS;
});

/** A session that expired `expiredDaysAgo` days before NOW, created an hour before that. */
function session(expiredDaysAgo: number, status: "open" | "expired" | "succeeded" | "failed" = "expired") {
  const expiresAt = daysAgo(expiredDaysAgo);
  return createCheckout(db, organizationId, priceId, {
    status,
    created_at: new Date(expiresAt.getTime() - 60 * 60_000),
    expires_at: expiresAt,
  });
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

async function remaining(candidates: string[]): Promise<string[]> {
  return ids(await db.checkoutSession.findMany({ where: { id: { in: candidates } }, select: { id: true } }));
}

describe("pruning expired checkout sessions", () => {
  it("deletes sessions expired unpaid past the retention, and keeps everything else", async () => {
    const abandoned = await session(31);
    const longAbandoned = await session(400);
    const recent = await session(29);
    const paid = await session(60, "succeeded");
    const failedAfterPayment = await session(60, "failed");
    // Past its expiry but not yet swept to `expired`: the expiry sweep decides it first.
    const unswept = await session(31, "open");

    const customer = await createCustomer(db, organizationId);
    const ordered = await session(31);
    await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId,
      order: { checkout_id: ordered.id },
      withBenefits: false,
    });
    const subscribed = await session(31);
    const subscriptionOrder = await createOrder(db, organizationId, {
      customerId: customer.id,
      priceId: (await createProduct(db, organizationId, { price: { type: "recurring" } })).price.id,
      withBenefits: false,
    });
    await db.subscription.update({
      where: { id: subscriptionOrder.subscription_id! },
      data: { checkout_id: subscribed.id },
    });
    const declined = await session(31);
    const attemptId = randomUUID();
    await db.paymentAttempt.create({
      data: {
        id: attemptId,
        organization_id: organizationId,
        kind: "charge",
        status: "failed",
        checkout_id: declined.id,
        amount: 1000,
        currency: "usd",
        processor: "test",
        idempotency_key: `pa_${attemptId}`,
        resolved_at: daysAgo(31),
      },
    });

    // What goes with a deleted session: its product choices and its (released) redemption.
    const discount = await createDiscount(db, organizationId);
    await db.checkoutSessionProduct.create({
      data: { checkout_session_id: abandoned.id, product_id: productId, order: 0 },
    });
    await db.discountRedemption.create({
      data: { id: randomUUID(), discount_id: discount.id, checkout_id: abandoned.id },
    });

    const all = [
      abandoned,
      longAbandoned,
      recent,
      paid,
      failedAfterPayment,
      unswept,
      ordered,
      subscribed,
      declined,
    ].map((s) => s.id);
    const deleted = await db.$transaction((tx) => pruneExpiredCheckouts(tx, NOW));
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await remaining(all)).toEqual(
      ids([recent, paid, failedAfterPayment, unswept, ordered, subscribed, declined]),
    );
    expect(await db.checkoutSessionProduct.count({ where: { checkout_session_id: abandoned.id } })).toBe(0);
    expect(await db.discountRedemption.count({ where: { checkout_id: abandoned.id } })).toBe(0);
    // The links that kept the others are intact.
    expect((await db.order.findFirstOrThrow({ where: { checkout_id: ordered.id } })).checkout_id).toBe(
      ordered.id,
    );
    expect(await db.paymentAttempt.count({ where: { checkout_id: declined.id } })).toBe(1);
  });

  it("follows CHECKOUT_RETENTION_DAYS", async () => {
    const eightDays = await session(8);
    const sixDays = await session(6);
    await db.$transaction((tx) => pruneExpiredCheckouts(tx, NOW));
    expect(await remaining([eightDays.id, sixDays.id])).toEqual(ids([eightDays, sixDays]));
    process.env.CHECKOUT_RETENTION_DAYS = "7";
    await db.$transaction((tx) => pruneExpiredCheckouts(tx, NOW));
    expect(await remaining([eightDays.id, sixDays.id])).toEqual([sixDays.id]);
  });

  it("runs as a recurring job every 10 minutes", async () => {
    const abandoned = await session(45);
    await db.job.deleteMany({ where: { name: PRUNE_CHECKOUTS_JOB } });
    await db.job.create({
      data: { id: randomUUID(), name: PRUNE_CHECKOUTS_JOB, run_at: NOW, created_at: NOW },
    });
    const result = await runDueJobs(
      db,
      { [PRUNE_CHECKOUTS_JOB]: jobHandlers[PRUNE_CHECKOUTS_JOB]! },
      { now: NOW },
    );
    expect(result).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await remaining([abandoned.id])).toEqual([]);
    const next = await db.job.findFirstOrThrow({ where: { name: PRUNE_CHECKOUTS_JOB, status: "pending" } });
    expect(next.run_at).toEqual(new Date(NOW.getTime() + 10 * 60_000));
  });
});
