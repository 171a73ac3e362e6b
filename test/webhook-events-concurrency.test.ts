// 50 purchases at once on PostgreSQL (separate pooled connections): real parallel confirm requests
// while several job lanes process the orders and deliver the events to a real local receiver. One
// endpoint's deliveries, in `sequence` order, hold every event exactly once, each order's
// order.created comes before its order.paid, and the receiver gets every one of them, each signed
// (verified with the `standardwebhooks` package), with a body `sequence` that puts them back in
// that same order (arrival order is not promised: docs/webhook-delivery.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getDb, type Db } from "@/lib/db/client";
import { createBenefit, createCheckout, createOrganization, createProduct } from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { eventsOf } from "@/test/webhook-events";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";

const PURCHASES = 50;

let db: Db;
let organizationId: string;
let priceId: string;
let receiver: Receiver;
const savedAllowPrivate = process.env.WEBHOOKS_ALLOW_PRIVATE;

/** Every due job, deliveries included, until none is left. */
async function runAllJobs(options: { concurrency?: number } = {}) {
  while ((await runDueJobs(db, jobHandlers, { limit: 50, ...options })).claimed > 0);
}

afterAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = savedAllowPrivate;
  await receiver?.stop();
});

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true"; // the receiver is on 127.0.0.1
  receiver = await startReceiver();
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  const license = await createBenefit(db, organizationId, {
    type: "license_keys",
    properties: { prefix: "PAR" },
  });
  priceId = (
    await createProduct(db, organizationId, { price: { price_amount: 1500 }, benefitIds: [license.id] })
  ).price.id;
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("events of concurrent purchases", () => {
  it("50 parallel purchases: every event once, each order created before it is paid", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(db, organizationId, {
      url: receiver.url("/hooks"),
    });
    const sessions = await Promise.all(
      Array.from({ length: PURCHASES }, () => createCheckout(db, organizationId, priceId)),
    );

    // Order processing runs in lanes of its own while the confirms arrive.
    let confirming = true;
    const worker = (async () => {
      while (confirming) {
        await runAllJobs({ concurrency: 3 });
        // A worker's poll interval (as JOB_POLL_MS), pacing lanes that run beside the confirms:
        // not a wait for a result (the assertions below wait for runAllJobs).
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const responses = await Promise.all(
      sessions.map((session, n) =>
        call(confirm, {
          params: { client_secret: session.client_secret },
          body: {
            customer_email: `parallel${n}@example.com`,
            customer_name: `Parallel ${n}`,
            customer_billing_address: { country: "US" },
            confirmation_token_id: TEST_TOKENS.succeeds,
          },
        }),
      ),
    ).finally(() => (confirming = false));
    await worker;
    await runAllJobs({ concurrency: 3 });
    expect(responses.map((r) => r.status)).toEqual(sessions.map(() => 200));

    const events = await eventsOf(db, endpoint.id);
    const orders = await db.order.findMany({ where: { organization_id: organizationId } });
    expect(orders).toHaveLength(PURCHASES);

    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count("customer.created")).toBe(PURCHASES);
    // Confirmed, then succeeded.
    expect(count("checkout.updated")).toBe(2 * PURCHASES);
    for (const type of ["order.created", "order.paid", "benefit_grant.created", "license_key.created"])
      expect(count(type)).toBe(PURCHASES);
    expect(events).toHaveLength(7 * PURCHASES);

    // Exactly once: no resource twice under one type.
    const keys = events.map((e) => `${e.type} ${e.data.id} ${e.data.status ?? ""}`);
    expect(new Set(keys).size).toBe(events.length);
    // Sequence numbers strictly increase (one endpoint's queue order).
    for (let i = 1; i < events.length; i++) expect(events[i]!.sequence > events[i - 1]!.sequence).toBe(true);

    // Orders appear in the order they were made: each processing pass (one clock reading) commits
    // before the next starts, so creation times never go back along the sequence.
    const createdAt = events
      .filter((e) => e.type === "order.created")
      .map((e) => e.data.created_at as string);
    expect(createdAt).toEqual([...createdAt].sort());

    // Per order: created before paid, and each checkout confirmed before it succeeded.
    const position = new Map(events.map((e, i) => [`${e.type} ${e.data.id} ${e.data.status ?? ""}`, i]));
    for (const order of orders) {
      const created = position.get(`order.created ${order.id} paid`);
      const paid = position.get(`order.paid ${order.id} paid`);
      expect(created).toBeDefined();
      expect(paid).toBeDefined();
      expect(created!).toBeLessThan(paid!);
      const confirmed = position.get(`checkout.updated ${order.checkout_id} confirmed`);
      const succeeded = position.get(`checkout.updated ${order.checkout_id} succeeded`);
      expect(confirmed!).toBeLessThan(created!);
      expect(paid!).toBeLessThan(succeeded!);
    }

    // Delivered: every event once, each signed with the endpoint's secret; sorted by the body's
    // `sequence`, as a receiver would, they are in commit order.
    expect(await db.webhookDelivery.count({ where: { endpoint_id: endpoint.id, status: "succeeded" } })).toBe(
      events.length,
    );
    expect(receiver.received).toHaveLength(events.length);
    const webhook = new Webhook(secret);
    const received = receiver.received.map((request) => {
      const verified = webhook.verify(request.body, {
        "webhook-id": request.headers["webhook-id"]!,
        "webhook-timestamp": request.headers["webhook-timestamp"]!,
        "webhook-signature": request.headers["webhook-signature"]!,
      }) as { type: string; sequence: number; data: { id: string; status?: string } };
      return {
        sequence: verified.sequence,
        key: `${verified.type} ${verified.data.id} ${verified.data.status ?? ""}`,
      };
    });
    expect(received.sort((x, y) => x.sequence - y.sequence).map((r) => r.key)).toEqual(keys);
  });
});
