// Stripe payments through crashes and lost answers (docs/payments-reliability.md, "Stripe: crash
// tests"), through the real routes and jobs against the Stripe fake on loopback: whatever step a
// confirm dies at, or whichever order Stripe's events arrive in, the buyer is charged once and gets
// one order. The fake's own books (its intents, events and request log) say what Stripe saw.
// - A dead request is a pause point that never goes on (`pausePoint` is replaced below by one a
//   test can hold and release), or the recording of the intent's id never returning.
// - Reconciliation runs as the job does, past its grace period (`afterGrace`).
// Stripe's events out of order: ./stripe-events-order.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { getDb, type Db } from "@/lib/db/client";
import { stripeClient } from "@/lib/stripe/client";
import { RECONCILE_AFTER_MS, reconcilePayments } from "@/lib/payments/reconcile";
import { paymentOutcomeHandlers } from "@/lib/composition/payment-outcomes";
import type { FakeServer, StripeFake } from "@/test/stripe-fake";
import {
  buyer,
  deliverEvents,
  drainJobs,
  openCheckout,
  pay,
  startStripe,
  stripeShop,
  type StripeShop,
} from "@/test/stripe-shop";

/** Pause points a test holds: a request reaching one waits there until released (or for good). */
const holds = vi.hoisted(() => new Map<string, { arrived: () => void; gate: Promise<void> }>());
vi.mock("@/lib/jobs/pause", () => ({
  pausePoint: async (name: string) => {
    const hold = holds.get(name);
    if (!hold) return;
    hold.arrived();
    await hold.gate;
  },
}));

function holdAt(name: string) {
  let release!: () => void;
  let arrived!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  holds.set(name, { arrived, gate });
  return { reached, release };
}

let db: Db;
let fake: StripeFake;
let server: FakeServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  db = await getDb();
  ({ fake, server, stop } = await startStripe());
});

afterEach(() => {
  // A request held for good stays held (a dead process); later requests pass.
  holds.clear();
  vi.restoreAllMocks();
});

afterAll(() => stop());

const CARD = "4242424242424242";
const CANNOT_ANSWER =
  "The payment processor did not answer; the payment is being checked and the checkout will update.";

const afterGrace = () => new Date(Date.now() + RECONCILE_AFTER_MS + 1000);
const newShop = () => stripeShop(db, { fake, server });
const attemptsOf = (checkoutId: string) =>
  db.paymentAttempt.findMany({ where: { checkout_id: checkoutId }, orderBy: { created_at: "asc" } });
const sessionRow = (checkoutId: string) =>
  db.checkoutSession.findUniqueOrThrow({ where: { id: checkoutId } });
const ordersOf = (checkoutId: string) => db.order.count({ where: { checkout_id: checkoutId } });

/** The shop's requests as Stripe logged them after its keys were checked: method, path (ids as {id}), key. */
function stripeCalls(shop: StripeShop) {
  return fake
    .requests()
    .filter((r) => r.accountId === shop.stripe.accountId && r.path !== "/v1/account")
    .map((r): [string, string, string | null] => [
      r.method,
      r.path.replace(/(pi|re|ctoken)_\w+/, "{id}"),
      r.idempotencyKey,
    ]);
}

/** The PaymentIntents Stripe charged for the shop (each succeeds once). */
function succeededIntents(shop: StripeShop) {
  return fake
    .events(shop.stripe.accountId)
    .filter((e) => e.type === "payment_intent.succeeded")
    .map((e) => (e.data.object as Stripe.PaymentIntent).id);
}

const intentAtStripe = (shop: StripeShop, id: string) => shop.stripe.stripe.paymentIntents.retrieve(id);

/** Reconciliation past its grace period, then the jobs it queued (the order). */
async function reconcile() {
  const resolved = await reconcilePayments(db, paymentOutcomeHandlers, afterGrace());
  await drainJobs(db, afterGrace());
  return resolved;
}

/**
 * Makes the recording of the intent's id (callProcessor's `onCreated`, a statement of its own)
 * `die` (never return: the process died there) or `fail` (the database refused it), once.
 * Resolves to the id that was not recorded.
 */
function breakIntentIdRecording(mode: "die" | "fail") {
  const update = db.paymentAttempt.update.bind(db.paymentAttempt);
  let lost!: (id: string) => void;
  const intentId = new Promise<string>((resolve) => (lost = resolve));
  let armed = true;
  vi.spyOn(db.paymentAttempt, "update").mockImplementation(((args: {
    data: { processor_payment_id?: string };
  }) => {
    const id = args.data.processor_payment_id;
    if (!armed || typeof id !== "string") return update(args as Parameters<typeof update>[0]);
    armed = false;
    lost(id);
    return mode === "die" ? new Promise(() => {}) : Promise.reject(new Error("Connection terminated"));
  }) as unknown as typeof db.paymentAttempt.update);
  return intentId;
}

describe("a crash between the intent's creation and the recording of its id", () => {
  for (const mode of ["die", "fail"] as const) {
    it(`(${mode === "die" ? "the process dies" : "the database refuses it"}): reconciliation fails the attempt and reopens the session, no money moved; the buyer pays again once`, async () => {
      const shop = await newShop();
      const session = await openCheckout(shop);
      const lostId = breakIntentIdRecording(mode);
      const answer = pay(session.client_secret, buyer(shop.stripe.token(CARD)));
      const intentId = await lostId;
      if (mode === "fail") {
        expect(await answer).toMatchObject({
          status: 409,
          body: { error: "ConflictError", detail: CANNOT_ANSWER },
        });
      }
      vi.restoreAllMocks();

      const [lost] = await attemptsOf(session.id);
      expect(lost).toMatchObject({ status: "pending", processor_payment_id: null });
      expect(await sessionRow(session.id)).toMatchObject({ status: "open", payment_id: null });
      // Stripe has the intent, unconfirmed: it moved no money.
      expect(stripeCalls(shop)).toEqual([
        ["GET", "/v1/confirmation_tokens/{id}", null],
        ["POST", "/v1/payment_intents", `${lost!.idempotency_key}:create`],
      ]);
      expect(await intentAtStripe(shop, intentId)).toMatchObject({
        status: "requires_payment_method",
        amount_received: 0,
        latest_charge: null,
      });

      expect(await reconcile()).toBeGreaterThanOrEqual(1);
      expect(await attemptsOf(session.id)).toMatchObject([
        { id: lost!.id, status: "failed", failure_code: "not_found", processor_payment_id: null },
      ]);
      expect(await sessionRow(session.id)).toMatchObject({ status: "open", payment_id: null });
      expect(await ordersOf(session.id)).toBe(0);

      const again = await pay(session.client_secret, buyer(shop.stripe.token(CARD)));
      expect(again).toMatchObject({ status: 200, body: { id: session.id, status: "confirmed" } });
      await drainJobs(db);
      const [, paid, ...others] = await attemptsOf(session.id);
      expect(others).toEqual([]);
      expect(paid).toMatchObject({
        status: "succeeded",
        processor_payment_id: expect.stringMatching(/^pi_/),
      });
      expect(paid!.processor_payment_id).not.toBe(intentId);
      expect(succeededIntents(shop)).toEqual([paid!.processor_payment_id]);
      expect(await sessionRow(session.id)).toMatchObject({
        status: "succeeded",
        payment_id: paid!.processor_payment_id,
      });
      expect(await ordersOf(session.id)).toBe(1);
      // The first intent was never confirmed: one confirm, the second attempt's.
      expect(
        stripeCalls(shop).filter(([method, path]) => method === "POST" && path.endsWith("/confirm")),
      ).toEqual([["POST", "/v1/payment_intents/{id}/confirm", `${paid!.idempotency_key}:confirm`]]);
      expect(await intentAtStripe(shop, intentId)).toMatchObject({ status: "requires_payment_method" });
    });
  }
});

/** A confirm that dies right after Stripe confirmed the intent: nothing recorded, no answer. */
async function confirmThatDiesAfterCharge(shop: StripeShop) {
  const session = await openCheckout(shop);
  const held = holdAt("after-charge");
  void pay(session.client_secret, buyer(shop.stripe.token(CARD)));
  await held.reached;
  const [attempt, ...others] = await attemptsOf(session.id);
  expect(others).toEqual([]);
  expect(attempt).toMatchObject({ status: "pending", processor_payment_id: expect.stringMatching(/^pi_/) });
  expect(await sessionRow(session.id)).toMatchObject({ status: "open", payment_id: null });
  expect(succeededIntents(shop)).toEqual([attempt!.processor_payment_id]);
  return { session, attempt: attempt! };
}

function confirmCalls(shop: StripeShop) {
  return stripeCalls(shop).filter(([method, path]) => method === "POST" && path.endsWith("/confirm"));
}

describe("a crash between Stripe's confirm and our record of it", () => {
  it("is completed by reconciliation, which re-reads the intent: one order, one confirm at Stripe", async () => {
    const shop = await newShop();
    const { session, attempt } = await confirmThatDiesAfterCharge(shop);

    expect(await reconcile()).toBeGreaterThanOrEqual(1);
    expect(await attemptsOf(session.id)).toMatchObject([
      { id: attempt.id, status: "succeeded", processor_payment_id: attempt.processor_payment_id },
    ]);
    expect(await sessionRow(session.id)).toMatchObject({
      status: "succeeded",
      payment_id: attempt.processor_payment_id,
    });
    expect(await ordersOf(session.id)).toBe(1);
    expect(confirmCalls(shop)).toEqual([
      ["POST", "/v1/payment_intents/{id}/confirm", `${attempt.idempotency_key}:confirm`],
    ]);
    // Reconciliation read the intent; it never created nor confirmed anything.
    expect(stripeCalls(shop).slice(3)).toEqual([["GET", "/v1/payment_intents/{id}", null]]);
    expect(await reconcilePayments(db, paymentOutcomeHandlers, afterGrace())).toBe(0);
  });

  it("is completed the same way, once, by Stripe's payment_intent.succeeded arriving first", async () => {
    const shop = await newShop();
    const { session, attempt } = await confirmThatDiesAfterCharge(shop);
    const intentId = attempt.processor_payment_id!;

    expect(await deliverEvents(fake, shop.organization.id, intentId)).toEqual([200]);
    // Stripe retries: the same event again changes nothing.
    expect(await deliverEvents(fake, shop.organization.id, intentId)).toEqual([200]);
    await drainJobs(db);
    expect(await attemptsOf(session.id)).toMatchObject([
      { id: attempt.id, status: "succeeded", processor_payment_id: intentId },
    ]);
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded", payment_id: intentId });
    expect(await ordersOf(session.id)).toBe(1);
    expect(await db.stripeEvent.findMany({ where: { organization_id: shop.organization.id } })).toMatchObject(
      [{ type: "payment_intent.succeeded", object_id: intentId, processed_at: expect.any(Date) }],
    );

    // Reconciliation then finds nothing to do for it.
    await reconcile();
    expect(await attemptsOf(session.id)).toMatchObject([{ status: "succeeded" }]);
    expect(await ordersOf(session.id)).toBe(1);
    expect(confirmCalls(shop)).toHaveLength(1);
  });
});

describe("Stripe's event processed before our own commit", () => {
  it("completes the payment; the confirm then resumes and answers 200: one order, the attempt succeeded once", async () => {
    const shop = await newShop();
    const session = await openCheckout(shop);
    const held = holdAt("after-charge");
    const answer = pay(session.client_secret, buyer(shop.stripe.token(CARD)));
    await held.reached;
    const [attempt] = await attemptsOf(session.id);
    const intentId = attempt!.processor_payment_id!;

    expect(await deliverEvents(fake, shop.organization.id, intentId)).toEqual([200]);
    await drainJobs(db);
    const settled = await db.paymentAttempt.findUniqueOrThrow({ where: { id: attempt!.id } });
    expect(settled).toMatchObject({ status: "succeeded", processor_payment_id: intentId });
    expect(await sessionRow(session.id)).toMatchObject({ status: "succeeded", payment_id: intentId });

    held.release();
    const resumed = await answer;
    expect(resumed.status).toBe(200);
    // The buyer's portal token for the purchase, as when the confirm records it first.
    expect(resumed.body).toMatchObject({
      id: session.id,
      status: "succeeded",
      customer_session_token: expect.stringMatching(/^cst_/),
    });
    await drainJobs(db);
    const [after, ...others] = await attemptsOf(session.id);
    expect(others).toEqual([]);
    // Recorded once: the resumed request found it resolved and changed nothing.
    expect(after).toMatchObject({ status: "succeeded", resolved_at: settled.resolved_at });
    expect(after!.modified_at).toEqual(settled.modified_at);
    expect(await ordersOf(session.id)).toBe(1);
    expect(succeededIntents(shop)).toEqual([intentId]);
    expect(confirmCalls(shop)).toHaveLength(1);
  });
});

describe("Stripe unreachable during a confirm", () => {
  it("before the intent is created: 409, the attempt stays pending; reconciliation fails it (nothing at Stripe) and the buyer pays again", async () => {
    const shop = await newShop();
    const session = await openCheckout(shop);
    // Every call cut, the package's one retry of each included: the card's fingerprint (read for
    // the card-testing budgets, which go on without it), then the creation.
    fake.failNext(4, { status: "network" });
    const refused = await pay(session.client_secret, buyer(shop.stripe.token(CARD)));
    expect(refused).toMatchObject({ status: 409, body: { error: "ConflictError", detail: CANNOT_ANSWER } });
    const [attempt] = await attemptsOf(session.id);
    expect(attempt).toMatchObject({ status: "pending", processor_payment_id: null });
    expect(stripeCalls(shop)).toEqual([
      ["GET", "/v1/confirmation_tokens/{id}", null],
      ["GET", "/v1/confirmation_tokens/{id}", null],
      ["POST", "/v1/payment_intents", `${attempt!.idempotency_key}:create`],
      ["POST", "/v1/payment_intents", `${attempt!.idempotency_key}:create`],
    ]);
    // While it is being checked, another confirm is refused at once, without calling Stripe.
    expect(await pay(session.client_secret, buyer(shop.stripe.token(CARD)))).toMatchObject({
      status: 409,
      body: { error: "ConflictError", detail: "A payment for this checkout is already in progress." },
    });
    expect(stripeCalls(shop)).toHaveLength(4);

    await reconcile();
    expect(await attemptsOf(session.id)).toMatchObject([{ status: "failed", failure_code: "not_found" }]);
    expect(await sessionRow(session.id)).toMatchObject({ status: "open" });
    expect(succeededIntents(shop)).toEqual([]);

    expect((await pay(session.client_secret, buyer(shop.stripe.token(CARD)))).status).toBe(200);
    await drainJobs(db);
    expect(await ordersOf(session.id)).toBe(1);
    expect(succeededIntents(shop)).toHaveLength(1);
  });

  it("between creation and confirm: 409, pending with the intent's id; reconciliation re-reads the unconfirmed intent and fails it", async () => {
    const shop = await newShop();
    const session = await openCheckout(shop);
    // Cut the confirm and its retry: armed once the intent's id is recorded.
    const update = db.paymentAttempt.update.bind(db.paymentAttempt);
    vi.spyOn(db.paymentAttempt, "update").mockImplementation((async (args: Parameters<typeof update>[0]) => {
      const row = await update(args);
      if (typeof args.data.processor_payment_id === "string") fake.failNext(2, { status: "network" });
      return row;
    }) as unknown as typeof db.paymentAttempt.update);
    const refused = await pay(session.client_secret, buyer(shop.stripe.token(CARD)));
    vi.restoreAllMocks();
    expect(refused).toMatchObject({ status: 409, body: { error: "ConflictError", detail: CANNOT_ANSWER } });
    const [attempt] = await attemptsOf(session.id);
    expect(attempt).toMatchObject({ status: "pending", processor_payment_id: expect.stringMatching(/^pi_/) });
    const intentId = attempt!.processor_payment_id!;
    expect(stripeCalls(shop).slice(1)).toEqual([
      ["POST", "/v1/payment_intents", `${attempt!.idempotency_key}:create`],
      ["POST", "/v1/payment_intents/{id}/confirm", `${attempt!.idempotency_key}:confirm`],
      ["POST", "/v1/payment_intents/{id}/confirm", `${attempt!.idempotency_key}:confirm`],
    ]);
    expect(await intentAtStripe(shop, intentId)).toMatchObject({ status: "requires_payment_method" });

    await reconcile();
    expect(await attemptsOf(session.id)).toMatchObject([
      { status: "failed", failure_code: "not_confirmed", processor_payment_id: intentId },
    ]);
    expect(await sessionRow(session.id)).toMatchObject({ status: "open", payment_id: null });
    expect(succeededIntents(shop)).toEqual([]);

    expect((await pay(session.client_secret, buyer(shop.stripe.token(CARD)))).status).toBe(200);
    await drainJobs(db);
    expect(await ordersOf(session.id)).toBe(1);
    const paid = (await attemptsOf(session.id))[1]!;
    expect(succeededIntents(shop)).toEqual([paid.processor_payment_id]);
  });

  it("after Stripe confirmed, its answer lost: 409, then reconciliation completes it: charged once, one order", async () => {
    const shop = await newShop();
    const session = await openCheckout(shop);
    // The app's own client for the shop's key: the confirm reaches Stripe, the answer never comes back.
    const client = stripeClient(shop.stripe.secretKey).paymentIntents;
    const confirmIntent = client.confirm.bind(client);
    vi.spyOn(client, "confirm").mockImplementation((async (...args: Parameters<typeof confirmIntent>) => {
      await confirmIntent(...args);
      throw new Stripe.errors.StripeConnectionError({ message: "socket hang up" });
    }) as typeof confirmIntent);
    const lost = await pay(session.client_secret, buyer(shop.stripe.token(CARD)));
    vi.restoreAllMocks();
    expect(lost).toMatchObject({ status: 409, body: { error: "ConflictError", detail: CANNOT_ANSWER } });
    const [attempt] = await attemptsOf(session.id);
    expect(attempt).toMatchObject({ status: "pending", processor_payment_id: expect.stringMatching(/^pi_/) });
    expect(succeededIntents(shop)).toEqual([attempt!.processor_payment_id]);

    await reconcile();
    expect(await attemptsOf(session.id)).toMatchObject([
      { id: attempt!.id, status: "succeeded", processor_payment_id: attempt!.processor_payment_id },
    ]);
    expect(await sessionRow(session.id)).toMatchObject({
      status: "succeeded",
      payment_id: attempt!.processor_payment_id,
    });
    expect(await ordersOf(session.id)).toBe(1);
    expect(confirmCalls(shop)).toHaveLength(1);
  });
});
