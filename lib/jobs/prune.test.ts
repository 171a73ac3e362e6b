// Retention through the real job handler on a real database: which finished jobs and webhook events
// go, and which stay (pending work, recent rows, an event whose delivery is still being retried).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization } from "@/lib/factories";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { storeSignInCode } from "@/lib/customer-portal/sign-in";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { emitWebhookEvent } from "@/lib/webhooks/emit";
import { PRUNE_JOB, pruneFinishedWork } from "./prune";
import { runDueJobs } from "./queue";
import { jobHandlers } from "@/lib/composition/jobs";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);

let db: Db;

beforeAll(async () => {
  db = await getDb();
});

async function job(status: "pending" | "running" | "succeeded" | "failed", finishedDaysAgo: number | null) {
  const id = randomUUID();
  await db.job.create({
    data: {
      id,
      name: "test.prune",
      status,
      created_at: daysAgo(60),
      run_at: daysAgo(60),
      finished_at: finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo),
    },
  });
  return id;
}

async function event(organizationId: string, daysOld: number, delivery: "pending" | "succeeded" | "failed") {
  const at = daysAgo(daysOld);
  const eventId = await db.$transaction((tx) =>
    emitWebhookEvent(tx, { organizationId, type: "customer.created", data: () => ({ id: "c" }), now: at }),
  );
  await db.webhookDelivery.updateMany({ where: { event_id: eventId! }, data: { status: delivery } });
  return eventId!;
}

describe("pruning finished work", () => {
  it("deletes succeeded jobs after 7 days, failed ones after 30, and settled webhook events after 30", async () => {
    const keep = [
      await job("pending", null),
      await job("running", null),
      await job("succeeded", 6),
      await job("failed", 29),
    ];
    const gone = [await job("succeeded", 8), await job("failed", 31)];

    const organizationId = (await createOrganization(db)).id;
    await createWebhookEndpoint(db, organizationId, { events: ["customer.created"] });
    const recent = await event(organizationId, 29, "succeeded");
    const retrying = await event(organizationId, 40, "pending");
    const delivered = await event(organizationId, 31, "succeeded");
    const abandoned = await event(organizationId, 45, "failed");
    // The delivery jobs emitting left behind are not under test here.
    await db.job.deleteMany({ where: { name: { not: "test.prune" } } });

    expect(await db.$transaction((tx) => pruneFinishedWork(tx, NOW))).toMatchObject({
      jobs: 2,
      webhookEvents: 2,
    });

    const jobIds = (await db.job.findMany({ where: { name: "test.prune" } })).map((j) => j.id);
    expect(jobIds.sort()).toEqual([...keep].sort());
    expect(gone.some((id) => jobIds.includes(id))).toBe(false);
    const eventIds = (await db.webhookEvent.findMany({ where: { organization_id: organizationId } })).map(
      (e) => e.id,
    );
    expect(eventIds.sort()).toEqual([recent, retrying].sort());
    // Their deliveries (and attempts) went with them.
    expect(await db.webhookDelivery.count({ where: { event_id: { in: [delivered, abandoned] } } })).toBe(0);
  });

  it("deletes expired customer portal sessions and sign-in codes, and only those", async () => {
    const organizationId = (await createOrganization(db)).id;
    const customer = await createCustomer(db, organizationId);
    const expired = await createCustomerSession(db, customer.id, 60_000, daysAgo(1));
    const live = await createCustomerSession(db, customer.id, 2 * 24 * 60 * 60_000, daysAgo(1));
    await storeSignInCode(db, customer.id, "123456", daysAgo(1));
    const other = await createCustomer(db, organizationId);
    await storeSignInCode(db, other.id, "654321", new Date(NOW.getTime() - 60_000));

    expect(await db.$transaction((tx) => pruneFinishedWork(tx, NOW))).toMatchObject({
      customerSessions: 1,
      signInCodes: 1,
    });
    const sessions = await db.customerSession.findMany({ where: { customer_id: customer.id } });
    expect(sessions.map((s) => s.id)).toEqual([live.id]);
    expect(expired.id).not.toBe(live.id);
    expect(await db.customerSessionCode.count({ where: { customer_id: customer.id } })).toBe(0);
    expect(await db.customerSessionCode.count({ where: { customer_id: other.id } })).toBe(1);
  });

  it("deletes VIES answers older than the 24 hours they are trusted for", async () => {
    const stale = `DE${randomUUID().replace(/\D/g, "").slice(0, 9).padEnd(9, "1")}`;
    const fresh = `FR${randomUUID().replace(/\D/g, "").slice(0, 11).padEnd(11, "2")}`;
    await db.vatCheck.createMany({
      data: [
        {
          number: stale,
          valid: true,
          name: "Old GmbH",
          checked_at: new Date(NOW.getTime() - 25 * 60 * 60_000),
        },
        { number: fresh, valid: false, checked_at: new Date(NOW.getTime() - 23 * 60 * 60_000) },
      ],
    });
    const pruned = await db.$transaction((tx) => pruneFinishedWork(tx, NOW));
    expect(pruned.vatChecks).toBeGreaterThanOrEqual(1);
    expect(await db.vatCheck.findUnique({ where: { number: stale } })).toBeNull();
    expect(await db.vatCheck.findUnique({ where: { number: fresh } })).not.toBeNull();
  });

  it("runs as a recurring job", async () => {
    await db.job.deleteMany({});
    await db.job.create({ data: { id: randomUUID(), name: PRUNE_JOB, run_at: NOW, created_at: NOW } });
    const old = await job("succeeded", 10);
    expect(await runDueJobs(db, jobHandlers, { now: NOW })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await db.job.findUnique({ where: { id: old } })).toBeNull();
    const next = await db.job.findFirstOrThrow({ where: { name: PRUNE_JOB, status: "pending" } });
    expect(next.run_at).toEqual(new Date(NOW.getTime() + 60 * 60_000));
  });
});
