// `npm run bench:webhooks`: how soon a webhook leaves after the transaction that wrote its event
// commits, and the retry schedule as it runs, on PostgreSQL.
//
// Creates a database bench_webhooks on BENCH_SERVER_URL, an organization and an endpoint pointing
// at a local receiver (node:http on 127.0.0.1; WEBHOOKS_ALLOW_PRIVATE=true), then:
// 1. Latency: writes BENCH_EVENTS (200) events one after another, each in its own transaction,
//    BENCH_GAP_MS (25) apart, and measures from each commit to the receiver getting the request
//    (p50, p99, max). Once with the app's job worker as a server runs it (polling every
//    JOB_POLL_MS, 1000 by default, and woken by the queue's LISTEN/NOTIFY when a commit enqueues a
//    delivery), once with polling alone, for comparison.
// 2. The retry schedule with a moved clock: a receiver that always answers 500, the job run at each
//    retry time, until the delivery fails for good and the endpoint is disabled.
// 3. Delay behind a failure, with the app's worker (docs/webhook-delivery.md): (a) one event the
//    receiver always refuses, then BENCH_LATER_EVENTS (20) events 250 ms apart: commit → received
//    of those; (b) the receiver answers 503 for 12 s while 10 events are written, then 200, and one
//    new event is written: how long until all 11 are delivered. Each waits at most 60 s.
// Env: BENCH_KEEP=1 keeps the database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { admin, percentile, urlFor } from "./harness";

const DATABASE = "bench_webhooks";
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 25);

type Arrival = { id: string; at: number };

function startReceiver(status: (webhookId: string) => number) {
  const arrivals: Arrival[] = [];
  const server = http.createServer((request, response) => {
    const at = performance.timeOrigin + performance.now();
    request.resume();
    request.on("end", () => {
      arrivals.push({ id: String(request.headers["webhook-id"]), at });
      response.writeHead(status(String(request.headers["webhook-id"]))).end("ok");
    });
  });
  return new Promise<{ url: string; arrivals: Arrival[]; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        arrivals,
        close: () => {
          server.close();
          server.closeAllConnections();
        },
      }),
    ),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h
    ? `${h} h ${String(m).padStart(2, "0")} min`
    : m
      ? `${m} min ${String(sec).padStart(2, "0")} s`
      : `${sec} s`;
}

async function main(): Promise<number> {
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`, `CREATE DATABASE ${DATABASE}`);
  process.env.DATABASE_URL = urlFor(DATABASE);
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  // Sealed endpoint secrets need a server secret; this throwaway database gets its own.
  process.env.APP_SECRET ??= "bench-webhooks-app-secret-0123456789abcdef";
  process.env.JOB_WORKER = "true";
  // Loaded after the environment is set: the modules read it on first use.
  const { getDb, closeDb } = await import("../../lib/db/client");
  const { createOrganization } = await import("../../lib/factories");
  const { createWebhookEndpoint } = await import("../../lib/factories/webhooks");
  const { emitWebhookEvent } = await import("../../lib/webhooks/emit");
  const { startJobWorker, stopJobWorker } = await import("../../lib/jobs/runtime");
  const { startWorker } = await import("../../lib/jobs/worker");
  const { jobHandlers } = await import("../../lib/composition/jobs");
  const { runDueJobs } = await import("../../lib/jobs/queue");
  const { createDeliverWebhooksJob, DELIVER_WEBHOOKS_JOB } = await import("../../lib/webhooks/deliver");
  const db = await getDb();
  let exitCode = 0;
  try {
    const receiver = await startReceiver(() => 200);
    const organization = await createOrganization(db, { name: "Webhook Bench" });
    await createWebhookEndpoint(db, organization.id, { url: receiver.url });

    const measure = async (label: string) => {
      receiver.arrivals.length = 0;
      const committedAt = new Map<string, number>();
      for (let n = 0; n < EVENTS; n++) {
        const id = await db.$transaction((tx) =>
          emitWebhookEvent(tx, {
            organizationId: organization.id,
            type: "order.paid",
            data: () => ({ id: `ord_${n}`, amount: 4900, currency: "usd" }),
          }),
        );
        committedAt.set(id!, performance.timeOrigin + performance.now());
        await sleep(GAP_MS);
      }
      const deadline = Date.now() + 60_000;
      while (receiver.arrivals.length < EVENTS && Date.now() < deadline) await sleep(20);
      const latencies = receiver.arrivals
        .filter((a) => committedAt.has(a.id))
        .map((a) => a.at - committedAt.get(a.id)!)
        .sort((x, y) => x - y);
      const inOrder = receiver.arrivals.every((a, i) => i === 0 || a.id !== receiver.arrivals[i - 1]!.id);
      console.log(
        `${label}: ${latencies.length}/${EVENTS} delivered; commit → received p50 ${fmt(percentile(latencies, 50))}, ` +
          `p99 ${fmt(percentile(latencies, 99))}, max ${fmt(latencies.at(-1) ?? NaN)}` +
          (inOrder ? "" : " (a duplicate arrived)"),
      );
      if (latencies.length < EVENTS) exitCode = 1;
    };

    // 1a. As a server runs it: the runtime's worker with its LISTEN/NOTIFY wake-ups.
    startJobWorker(jobHandlers);
    await sleep(500);
    await measure(`app worker, poll ${process.env.JOB_POLL_MS ?? 1000} ms + LISTEN/NOTIFY`);
    await stopJobWorker();
    // 1b. Polling alone (what a worker without the listener would do).
    const polling = startWorker(getDb, jobHandlers, { pollMs: Number(process.env.JOB_POLL_MS ?? 1000) });
    await measure(`polling only, every ${process.env.JOB_POLL_MS ?? 1000} ms`);
    await polling.stop();
    receiver.close();

    // 2. The retry schedule with a moved clock (the real jitter). The worker's recurring jobs are
    // not part of it.
    await db.job.deleteMany({ where: { name: { not: DELIVER_WEBHOOKS_JOB } } });
    const failing = await startReceiver(() => 500);
    const other = await createOrganization(db, { name: "Webhook Bench Retries" });
    const { endpoint } = await createWebhookEndpoint(db, other.id, { url: failing.url });
    const handlers = { [DELIVER_WEBHOOKS_JOB]: createDeliverWebhooksJob() };
    const T0 = new Date();
    await db.$transaction((tx) =>
      emitWebhookEvent(tx, { organizationId: other.id, type: "order.paid", data: () => ({}), now: T0 }),
    );
    let now = T0;
    for (let i = 0; i < 20; i++) {
      await runDueJobs(db, handlers, { now });
      const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpoint_id: endpoint.id } });
      if (!delivery.next_attempt_at || delivery.status !== "pending") break;
      now = delivery.next_attempt_at;
    }
    const attempts = await db.webhookDeliveryAttempt.findMany({
      where: { delivery: { endpoint_id: endpoint.id } },
      orderBy: { created_at: "asc" },
    });
    console.log("retry schedule (moved clock, receiver answering 500):");
    let previous = T0.getTime();
    for (const [i, attempt] of attempts.entries()) {
      const at = attempt.created_at.getTime();
      console.log(
        `  attempt ${String(i + 1).padStart(2)}: T0 + ${duration(at - T0.getTime()).padEnd(15)}` +
          (i ? ` (${duration(at - previous)} after the previous)` : "") +
          ` → ${attempt.error}`,
      );
      previous = at;
    }
    const final = await db.webhookDelivery.findFirstOrThrow({ where: { endpoint_id: endpoint.id } });
    const disabled = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    console.log(
      `  delivery ${final.status} after ${final.attempts} attempts; endpoint enabled=${disabled.enabled}`,
    );
    if (disabled.disabled_reason) console.log(`  ${disabled.disabled_reason}`);
    failing.close();

    await measureDelayBehindFailure(db, { createOrganization, createWebhookEndpoint, emitWebhookEvent });
  } finally {
    await stopJobWorker();
    await closeDb();
    if (!process.env.BENCH_KEEP) await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
  return exitCode;
}

const LATER_EVENTS = Number(process.env.BENCH_LATER_EVENTS ?? 20);

type Db = Awaited<ReturnType<typeof import("../../lib/db/client").getDb>>;
type Factories = {
  createOrganization: typeof import("../../lib/factories").createOrganization;
  createWebhookEndpoint: typeof import("../../lib/factories/webhooks").createWebhookEndpoint;
  emitWebhookEvent: typeof import("../../lib/webhooks/emit").emitWebhookEvent;
};

async function waitUntil(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
}

/** Section 3 (see the file's header), with the app's worker running. */
async function measureDelayBehindFailure(db: Db, f: Factories) {
  // Loaded by main after the environment was set.
  const { startJobWorker, stopJobWorker } = await import("../../lib/jobs/runtime");
  const { jobHandlers } = await import("../../lib/composition/jobs");
  await db.job.deleteMany({ where: { status: "pending" } });
  startJobWorker(jobHandlers);
  await sleep(500);
  const emit = async (organizationId: string, n: number) => {
    const id = await db.$transaction((tx) =>
      f.emitWebhookEvent(tx, { organizationId, type: "order.paid", data: () => ({ id: `ord_${n}` }) }),
    );
    return { id: id!, at: performance.timeOrigin + performance.now() };
  };
  try {
    // (a) Behind one failing event.
    let refused = "";
    const a = await startReceiver((id) => (id === refused ? 500 : 200));
    const orgA = await f.createOrganization(db, { name: "Webhook Bench Failing" });
    await f.createWebhookEndpoint(db, orgA.id, { url: a.url });
    refused = (await emit(orgA.id, 0)).id;
    await waitUntil(() => a.arrivals.length > 0, 10_000);
    const later: { id: string; at: number }[] = [];
    for (let n = 1; n <= LATER_EVENTS; n++) {
      later.push(await emit(orgA.id, n));
      await sleep(250);
    }
    await waitUntil(() => later.every((e) => a.arrivals.some((r) => r.id === e.id)), 60_000);
    const delays = later
      .map((e) => a.arrivals.find((r) => r.id === e.id)?.at)
      .map((at, i) => (at === undefined ? Infinity : at - later[i]!.at))
      .sort((x, y) => x - y);
    const missing = delays.filter((d) => d === Infinity).length;
    console.log(
      `behind a failing event: ${LATER_EVENTS - missing}/${LATER_EVENTS} later events delivered within 60 s; ` +
        `commit → received p50 ${fmt(percentile(delays, 50))}, max ${fmt(delays.at(-1)!)}`,
    );
    a.close();

    // (b) After an outage: how soon everything waiting goes once the receiver answers again.
    let down = true;
    const b = await startReceiver(() => (down ? 503 : 200));
    const orgB = await f.createOrganization(db, { name: "Webhook Bench Outage" });
    await f.createWebhookEndpoint(db, orgB.id, { url: b.url });
    const written: string[] = [];
    const outageStart = Date.now();
    for (let n = 0; n < 10; n++) {
      written.push((await emit(orgB.id, n)).id);
      await sleep(500);
    }
    await sleep(Math.max(0, 12_000 - (Date.now() - outageStart)));
    down = false;
    const back = performance.timeOrigin + performance.now();
    written.push((await emit(orgB.id, 10)).id);
    const delivered = () =>
      new Set(b.arrivals.filter((r) => r.at >= back).map((r) => r.id)).size === written.length;
    await waitUntil(delivered, 60_000);
    const lastAt = Math.max(...b.arrivals.filter((r) => r.at >= back).map((r) => r.at));
    console.log(
      delivered()
        ? `after a 12 s outage: all 11 events delivered ${fmt(lastAt - back)} after the receiver was back`
        : `after a 12 s outage: ${new Set(b.arrivals.filter((r) => r.at >= back).map((r) => r.id)).size}/11 ` +
            "events delivered within 60 s of the receiver being back",
    );
    b.close();
  } finally {
    await stopJobWorker();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
