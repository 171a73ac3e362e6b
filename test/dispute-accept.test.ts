// POST /v1/disputes/{id}/accept (docs/disputes.md "Accepting a dispute"): the merchant concedes.
// Stripe (the fake on loopback) closes it as lost; the answer is recorded through the same path as
// Stripe's events, so its late `charge.dispute.closed` changes nothing more. Closed disputes are 409
// DisputeNotOpenError; another organization's is 404; accepting needs disputes:write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createDispute } from "@/lib/factories/disputes";
import { createPaidOrder } from "@/lib/factories/refunds";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { call } from "@/test/http";
import type { FakeServer, StripeFake } from "@/test/stripe-fake";
import {
  buyer,
  deliverEvents,
  drainJobs,
  openCheckout,
  pay,
  startStripe,
  stripeShop,
} from "@/test/stripe-shop";
import { POST as accept } from "@/app/v1/disputes/[id]/accept/route";

let db: Db;
let fake: StripeFake;
let server: FakeServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  db = await getDb();
  ({ fake, server, stop } = await startStripe());
});

afterAll(() => stop());

/** A Stripe purchase whose payment the buyer's bank disputes, recorded from Stripe's event. */
async function disputedStripePurchase() {
  const shop = await stripeShop(db, { fake, server });
  await createWebhookEndpoint(db, shop.organization.id);
  const session = await openCheckout(shop);
  expect((await pay(session.client_secret, buyer(shop.stripe.token("4242424242424242")))).status).toBe(200);
  await drainJobs(db);
  const order = await db.order.findFirstOrThrow({ where: { checkout_id: session.id } });
  const charge = await db.paymentAttempt.findFirstOrThrow({ where: { checkout_id: session.id } });
  const opened = fake.createDispute(charge.processor_payment_id!, { reason: "fraudulent" });
  await deliverEvents(fake, shop.organization.id, opened.id);
  await drainJobs(db);
  const dispute = await db.dispute.findFirstOrThrow({ where: { order_id: order.id } });
  expect(dispute.status).toBe("needs_response");
  return { shop, order, dispute, stripeDisputeId: opened.id };
}

const acceptAs = (token: string, id: string) => call(accept, { token, params: { id } });

const closedEvents = (organizationId: string) =>
  db.webhookEvent.count({ where: { organization_id: organizationId, type: "dispute.closed" } });

describe("POST /v1/disputes/{id}/accept", () => {
  it("closes a Stripe dispute as lost, once, whatever Stripe's event says after", async () => {
    const { shop, dispute, stripeDisputeId } = await disputedStripePurchase();
    const res = await acceptAs(shop.token, dispute.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: dispute.id, status: "lost", resolved: true, closed: true });
    expect((await shop.stripe.stripe.disputes.retrieve(stripeDisputeId)).status).toBe("lost");
    const row = await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } });
    expect(row).toMatchObject({ status: "lost", closed_at: expect.any(Date) });
    expect(await closedEvents(shop.organization.id)).toBe(1);
    // Stripe's own event of the close arrives after: recorded already, nothing more happens.
    await deliverEvents(fake, shop.organization.id, stripeDisputeId);
    await drainJobs(db);
    expect(await closedEvents(shop.organization.id)).toBe(1);
    // Accepting it again: it is closed.
    const again = await acceptAs(shop.token, dispute.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: "DisputeNotOpenError",
      detail: "This dispute is closed already (lost): it cannot be accepted.",
    });
  });

  it("refuses a dispute Stripe decided before the call (won), recording what Stripe says", async () => {
    const { shop, dispute, stripeDisputeId } = await disputedStripePurchase();
    fake.updateDispute(stripeDisputeId, { status: "won" }); // its event not delivered yet
    const res = await acceptAs(shop.token, dispute.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("DisputeNotOpenError");
    expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("won");
    expect((await shop.stripe.stripe.disputes.retrieve(stripeDisputeId)).status).toBe("won");
  });

  it("answers 404 for another organization's dispute and 403 without disputes:write, changing nothing", async () => {
    const { shop, dispute, stripeDisputeId } = await disputedStripePurchase();
    const other = await createOrganization(db);
    expect((await acceptAs((await createToken(db, other.id)).token, dispute.id)).status).toBe(404);
    const readOnly = (await createToken(db, shop.organization.id, { scopes: ["disputes:read"] })).token;
    expect((await acceptAs(readOnly, dispute.id)).status).toBe(403);
    expect((await db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).status).toBe("needs_response");
    expect((await shop.stripe.stripe.disputes.retrieve(stripeDisputeId)).status).toBe("needs_response");
  });

  it("closes a dispute of the built-in test processor as lost, and takes the benefits back when set to", async () => {
    const organization = await createOrganization(db, { revoke_benefits_on_dispute: true });
    const { token } = await createToken(db, organization.id);
    const customer = await createCustomer(db, organization.id);
    const benefit = await createBenefit(db, organization.id, { type: "license_keys" });
    const { price } = await createProduct(db, organization.id, { benefitIds: [benefit.id] });
    const { order, payment } = await createPaidOrder(db, organization.id, {
      customerId: customer.id,
      priceId: price.id,
    });
    const dispute = await createDispute(db, payment);
    const res = await acceptAs(token, dispute.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("lost");
    const grants = await db.benefitGrant.findMany({ where: { order_id: order.id } });
    expect(grants).toHaveLength(1);
    expect(grants[0]!.revoked_at).not.toBeNull();
  });
});
