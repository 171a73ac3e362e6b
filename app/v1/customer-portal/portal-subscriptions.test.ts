// The buyer's subscriptions in the customer portal through the real handlers: the next charge
// (discount and tax included), the card, cancelling at the period's end with a reason and taking it
// back (serialized by the row lock under parallel requests), and the payment method update, each
// only on the buyer's own subscription.
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { addInterval } from "@/lib/subscriptions/periods";
import { call } from "@/test/http";
import { createPortalFixture, expectNotFound, t, type PortalIds } from "@/test/portal-fixture";
import { GET as listSubscriptions } from "./subscriptions/route";
import {
  DELETE as deleteSubscription,
  GET as getSubscription,
  PATCH as patchSubscription,
} from "./subscriptions/[id]/route";
import { POST as updatePaymentMethod } from "./subscriptions/[id]/payment-method/route";

let db: Db;
let ids: PortalIds;
let jane: string;
let bob: string;
let eve: string;

beforeAll(async () => {
  ({ db, ids, jane, bob, eve } = await createPortalFixture());
});

const notFound = expectNotFound;

/** A value that is null or a string (a timestamp set by some steps of a test and not others). */
const nullOrString = {
  asymmetricMatch: (value: unknown) => value === null || typeof value === "string",
  toString: () => "null or a string",
};

describe("subscriptions", () => {
  const periodEnd = () => addInterval(t(2), "month");
  const base = () => ({
    id: ids.subscription,
    status: "active",
    // The 50% discount runs 3 months: the next charge still has it; 19% German VAT on 450.
    amount: 450,
    currency: "usd",
    recurring_interval: "month",
    current_period_start: t(2).toISOString(),
    current_period_end: periodEnd().toISOString(),
    cancel_at_period_end: false,
    canceled_at: null,
    ends_at: null,
    ended_at: null,
    started_at: t(2).toISOString(),
    // The current reference API's fields (docs/polar-sdk.md): the subscription's own, the product
    // as buyers see it with its organization, its one price, and nothing for what is not offered.
    created_at: t(2).toISOString(),
    modified_at: nullOrString,
    customer_id: ids.jane,
    product_id: ids.cloud,
    price_id: expect.any(String),
    discount_id: expect.any(String),
    checkout_id: null,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    recurring_interval_count: 1,
    trial_start: null,
    trial_end: null,
    pause_at_period_end: false,
    paused_at: null,
    resumes_at: null,
    current_meter_period_start: null,
    current_meter_period_end: null,
    units: null,
    product: expect.objectContaining({
      id: ids.cloud,
      name: "Acme Cloud",
      is_recurring: true,
      organization: expect.objectContaining({ id: ids.org }),
    }),
    prices: [expect.objectContaining({ product_id: ids.cloud, price_amount: 900 })],
    // The specification's era SDK's (0.22.2): the one price, and the customer as its user.
    price: expect.objectContaining({ product_id: ids.cloud, price_amount: 900 }),
    user_id: ids.jane,
    meters: [],
    pending_update: null,
    payment_method: { brand: "visa", last4: "4242" },
    // The test processor's card form takes a new card (no Stripe keys in this organization).
    payment_processor: "test",
    payment_processor_metadata: {},
    tax_amount_next: 86,
    // What the discount is and how long it runs, for the price line (lib/subscriptions/price-schedule.ts).
    price_amount: 900,
    discount: {
      type: "percentage",
      amount: null,
      basis_points: 5000,
      duration: "repeating",
      duration_in_months: 3,
    },
  });

  it("lists and shows the buyer's subscriptions with the next charge and the card", async () => {
    const list = await call(listSubscriptions, { token: jane });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [base()], pagination: { total_count: 1, max_page: 1 } });
    // The current reference SDK lists them by `-started_at` unless told otherwise.
    const byStart = await call(listSubscriptions, { token: jane, query: { sorting: "-started_at" } });
    expect(byStart).toMatchObject({ status: 200, body: list.body });
    const unknown = await call(listSubscriptions, { token: jane, query: { sorting: "-renewed_at" } });
    expect(unknown.status).toBe(422);
    const one = await call(getSubscription, { token: jane, params: { id: ids.subscription } });
    expect(one.body).toEqual(base());
    notFound(await call(getSubscription, { token: jane, params: { id: ids.bobSubscription } }));
    notFound(await call(getSubscription, { token: jane, params: { id: ids.eveSubscription } }));
    notFound(await call(getSubscription, { token: bob, params: { id: ids.subscription } }));
    // Bob's subscription has no saved card.
    const bobs = await call(getSubscription, { token: bob, params: { id: ids.bobSubscription } });
    expect(bobs.body).toMatchObject({ payment_method: null, amount: 900, tax_amount_next: 0 });
  });

  it("cancels at the period's end with a reason, and takes it back", async () => {
    const cancel = await call(patchSubscription, {
      method: "PATCH",
      token: jane,
      params: { id: ids.subscription },
      body: {
        cancel_at_period_end: true,
        cancellation_reason: "too_expensive",
        cancellation_comment: "Pricey",
      },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({
      ...base(),
      cancel_at_period_end: true,
      canceled_at: expect.any(String),
      ends_at: periodEnd().toISOString(),
      tax_amount_next: null,
      customer_cancellation_reason: "too_expensive",
      customer_cancellation_comment: "Pricey",
    });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: ids.subscription } })).toMatchObject({
      status: "active",
      customer_cancellation_reason: "too_expensive",
      customer_cancellation_comment: "Pricey",
    });
    const back = await call(patchSubscription, {
      method: "PATCH",
      token: jane,
      params: { id: ids.subscription },
      body: { cancel_at_period_end: false },
    });
    expect(back.status).toBe(200);
    expect(back.body).toEqual(base());
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: ids.subscription } }))
        .customer_cancellation_reason,
    ).toBeNull();
  });

  it("DELETE cancels at the period's end (the current SDK's cancel), and PATCH takes it back", async () => {
    const cancel = await call(deleteSubscription, {
      method: "DELETE",
      token: jane,
      params: { id: ids.subscription },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({
      ...base(),
      cancel_at_period_end: true,
      canceled_at: expect.any(String),
      ends_at: periodEnd().toISOString(),
      tax_amount_next: null,
    });
    expect(await db.subscription.findUniqueOrThrow({ where: { id: ids.subscription } })).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      customer_cancellation_reason: null,
    });
    notFound(
      await call(deleteSubscription, { method: "DELETE", token: bob, params: { id: ids.subscription } }),
    );
    const back = await call(patchSubscription, {
      method: "PATCH",
      token: jane,
      params: { id: ids.subscription },
      body: { cancel_at_period_end: false },
    });
    expect(back.body).toEqual(base());
  });

  it("serializes parallel cancellations under the row lock: one cancellation time for all", async () => {
    const answers = await Promise.all(
      ["too_expensive", "unused", "other", "low_quality", "too_complex", "switched_service"].map((reason) =>
        call(patchSubscription, {
          method: "PATCH",
          token: jane,
          params: { id: ids.subscription },
          body: { cancel_at_period_end: true, cancellation_reason: reason },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const row = await db.subscription.findUniqueOrThrow({ where: { id: ids.subscription } });
    // Each request read the row under the lock: the first set canceled_at, the others kept it.
    expect(new Set(answers.map((a) => a.body.canceled_at))).toEqual(
      new Set([row.canceled_at!.toISOString()]),
    );
    const back = await call(patchSubscription, {
      method: "PATCH",
      token: jane,
      params: { id: ids.subscription },
      body: { cancel_at_period_end: false },
    });
    expect(back.body).toEqual(base());
  });

  it("refuses another's subscription (404), an ended one (403) and a bad reason (422)", async () => {
    const body = { cancel_at_period_end: true };
    notFound(
      await call(patchSubscription, { method: "PATCH", token: bob, params: { id: ids.subscription }, body }),
    );
    notFound(
      await call(patchSubscription, { method: "PATCH", token: eve, params: { id: ids.subscription }, body }),
    );
    expect(
      (await db.subscription.findUniqueOrThrow({ where: { id: ids.subscription } })).cancel_at_period_end,
    ).toBe(false);
    await db.subscription.update({
      where: { id: ids.bobSubscription },
      data: { status: "canceled", ended_at: new Date() },
    });
    const ended = await call(patchSubscription, {
      method: "PATCH",
      token: bob,
      params: { id: ids.bobSubscription },
      body,
    });
    expect(ended).toMatchObject({
      status: 403,
      body: { error: "NotPermitted", detail: "This subscription has ended." },
    });
    const invalid = await call(patchSubscription, {
      method: "PATCH",
      token: jane,
      params: { id: ids.subscription },
      body: { cancel_at_period_end: true, cancellation_reason: "bored" },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0].loc).toEqual(["body", "cancellation_reason"]);
  });

  it("updates the payment method only on the buyer's own subscription", async () => {
    notFound(
      await call(updatePaymentMethod, {
        token: bob,
        params: { id: ids.subscription },
        body: { token: "tok_visa" },
      }),
    );
    const res = await call(updatePaymentMethod, {
      token: jane,
      params: { id: ids.subscription },
      body: { token: "tok_visa" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.subscription,
      payment_method: { last4: "4242" },
      next_action: null,
    });
  });
});
