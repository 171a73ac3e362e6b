// recordProcessorDispute on a real database: a dispute's notices (created → updated → closed lost)
// make one row, one webhook event each, the merchant's two emails and, once lost, the order's
// benefits taken back; repeated and out-of-order notices change nothing and emit nothing; an
// unknown payment writes nothing; the organization's setting takes benefits back at creation; a
// payment linked by its checkout finds its order.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createOrder,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import { createPaidOrder } from "@/lib/factories/refunds";
import { disputeNotice } from "@/lib/factories/disputes";
import { createWebhookEndpoint, eventsOf } from "@/test/webhook-events";
import { decrypt } from "@/lib/secrets";
import { emailBodyContext } from "@/lib/email/queue";
import { recordProcessorDispute } from "./record";

let db: Db;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const T0 = new Date("2026-12-01T10:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const DUE = new Date("2026-12-15T23:59:59.000Z");

/** An organization (with its email) and a paid order of 119.00 whose license key is granted. */
async function paidOrder(organization: { revoke_benefits_on_dispute?: boolean; email?: string | null } = {}) {
  const org = await createOrganization(db, {
    name: "Dispute Software",
    email: "owner@dispute.test",
    ...organization,
  });
  const benefit = await createBenefit(db, org.id, {
    type: "license_keys",
    properties: { prefix: "DSPT", activations: { limit: 2 } },
  });
  const { price } = await createProduct(db, org.id, {
    product: { name: "Dispute Pro" },
    price: { price_amount: 10_000 },
    benefitIds: [benefit.id],
  });
  const customer = await createCustomer(db, org.id, { email: `buyer-${randomUUID()}@example.com` });
  const { order, payment } = await createPaidOrder(db, org.id, {
    customerId: customer.id,
    priceId: price.id,
    order: { amount: 10_000, tax_amount: 1_900 },
  });
  const endpoint = await createWebhookEndpoint(db, org.id, [
    "dispute.created",
    "dispute.updated",
    "dispute.closed",
    "benefit_grant.revoked",
  ]);
  return { org, order, payment, endpoint, customer };
}

const grantOf = (orderId: string) => db.benefitGrant.findFirstOrThrow({ where: { order_id: orderId } });
const keyOf = (orderId: string) =>
  db.licenseKey.findFirstOrThrow({ where: { benefit_grant: { order_id: orderId } } });
const emailsOf = (orderId: string) =>
  db.email.findMany({ where: { order_id: orderId }, orderBy: { created_at: "asc" } });

describe("recordProcessorDispute", () => {
  it("created → updated → closed lost: one row, three events, two emails, benefits revoked", async () => {
    const { org, order, payment, endpoint, customer } = await paidOrder();
    const notice = disputeNotice(payment, {
      processorDisputeId: "du_lifecycle",
      amount: 11_900,
      reason: "product_not_received",
      status: "needs_response",
      evidenceDueBy: DUE,
    });

    const created = await recordProcessorDispute(db, notice, at(0));
    expect(created).toEqual({
      id: expect.any(String),
      created_at: at(0),
      modified_at: null,
      organization_id: org.id,
      order_id: order.id,
      processor: "test",
      processor_dispute_id: "du_lifecycle",
      payment_id: payment.processor_payment_id,
      amount: 11_900,
      currency: "usd",
      reason: "product_not_received",
      status: "needs_response",
      evidence_due_by: DUE,
      closed_at: null,
      resolved: false,
      closed: false,
      // 119.00 of which 19.00 is tax: the whole of it disputed.
      tax_amount: 1_900,
      past_due: false,
      customer: expect.objectContaining({ id: customer.id, email: customer.email, external_id: null }),
      case_id: null,
    });
    // Opened, not lost: the order keeps its benefits (the setting is off).
    expect((await grantOf(order.id)).revoked_at).toBeNull();

    const updated = await recordProcessorDispute(db, { ...notice, status: "under_review" }, at(5));
    expect(updated).toMatchObject({ id: created!.id, status: "under_review", modified_at: at(5) });

    const closed = await recordProcessorDispute(
      db,
      { ...notice, status: "lost", evidenceDueBy: null },
      at(9),
    );
    expect(closed).toMatchObject({
      id: created!.id,
      status: "lost",
      closed_at: at(9),
      evidence_due_by: null,
    });

    expect(await db.dispute.count({ where: { order_id: order.id } })).toBe(1);
    const events = await eventsOf(db, endpoint.id);
    expect(events.map((event) => [event.type, event.data.status ?? null])).toEqual([
      ["dispute.created", "needs_response"],
      ["dispute.updated", "under_review"],
      ["benefit_grant.revoked", null],
      ["dispute.closed", "lost"],
    ]);
    expect(events[0]!.data).toEqual({
      ...created,
      created_at: at(0).toISOString(),
      evidence_due_by: DUE.toISOString(),
      customer: expect.objectContaining({ id: customer.id, created_at: customer.created_at.toISOString() }),
    });

    const grant = await grantOf(order.id);
    expect(grant.revoked_at).toEqual(at(9));
    expect((await keyOf(order.id)).status).toBe("revoked");

    const emails = await emailsOf(order.id);
    expect(emails.map((email) => [email.kind, email.to, email.subject, email.reference])).toEqual([
      [
        "dispute_opened",
        "owner@dispute.test",
        `[Test] A payment was disputed: $119.00 on order ${order.invoice_number}`,
        `dispute_opened:${created!.id}`,
      ],
      [
        "dispute_closed",
        "owner@dispute.test",
        `[Test] A dispute was lost: $119.00 on order ${order.invoice_number}`,
        `dispute_closed:${created!.id}`,
      ],
    ]);
    const opened = decrypt(emails[0]!.text_sealed, emailBodyContext(emails[0]!.id, "text"));
    expect(opened).toContain("Reason: Product not received");
    expect(opened).toContain("Evidence due by: December 15, 2026");
    expect(opened).toContain(`Order: ${order.invoice_number}`);
    expect(opened).toContain(`/dashboard/${org.slug}/orders/${order.id}`);
    const lost = decrypt(emails[1]!.text_sealed, emailBodyContext(emails[1]!.id, "text"));
    expect(lost).toContain("was decided for the buyer");
    expect(lost).toContain("its license keys no longer work");
  });

  it("a repeated notice and an older one after the close change nothing and emit nothing", async () => {
    const { order, payment, endpoint } = await paidOrder();
    const notice = disputeNotice(payment, { status: "needs_response", evidenceDueBy: DUE });

    const created = await recordProcessorDispute(db, notice, at(0));
    const again = await recordProcessorDispute(db, notice, at(1));
    expect(again).toEqual(created);

    const won = await recordProcessorDispute(db, { ...notice, status: "won" }, at(10));
    expect(won).toMatchObject({ status: "won", closed_at: at(10), modified_at: at(10) });
    // The older "under review" arrives late, then "won" again: the dispute stays won.
    const late = await recordProcessorDispute(db, { ...notice, status: "under_review" }, at(11));
    expect(late).toEqual(won);
    expect(await recordProcessorDispute(db, { ...notice, status: "won" }, at(12))).toEqual(won);
    // A final status is never left, not even for another final one.
    expect(await recordProcessorDispute(db, { ...notice, status: "lost" }, at(13))).toEqual(won);

    const row = await db.dispute.findFirstOrThrow({ where: { order_id: order.id } });
    expect(row).toMatchObject({ status: "won", modified_at: at(10), closed_at: at(10) });
    expect((await eventsOf(db, endpoint.id)).map((event) => event.type)).toEqual([
      "dispute.created",
      "dispute.closed",
    ]);
    expect((await emailsOf(order.id)).map((email) => email.kind)).toEqual([
      "dispute_opened",
      "dispute_closed",
    ]);
    // Won: the order keeps its benefits.
    expect((await grantOf(order.id)).revoked_at).toBeNull();
  });

  it("a dispute first heard of as lost is created, closed and revoked in one go", async () => {
    const { order, payment, endpoint } = await paidOrder();
    const lost = await recordProcessorDispute(db, disputeNotice(payment, { status: "lost" }), at(0));
    expect(lost).toMatchObject({ status: "lost", closed_at: at(0) });
    expect((await eventsOf(db, endpoint.id)).map((event) => event.type)).toEqual([
      "dispute.created",
      "benefit_grant.revoked",
      "dispute.closed",
    ]);
    expect((await grantOf(order.id)).revoked_at).toEqual(at(0));
  });

  it("a same-stage notice with a new deadline is an update", async () => {
    const { payment, endpoint } = await paidOrder();
    const notice = disputeNotice(payment, { status: "warning_needs_response", evidenceDueBy: DUE });
    await recordProcessorDispute(db, notice, at(0));
    const later = new Date("2026-12-20T00:00:00.000Z");
    const moved = await recordProcessorDispute(db, { ...notice, evidenceDueBy: later }, at(1));
    expect(moved).toMatchObject({ status: "warning_needs_response", evidence_due_by: later });
    // An inquiry that becomes a chargeback moves forward; the inquiry's notice after it does not.
    await recordProcessorDispute(db, { ...notice, status: "needs_response" }, at(2));
    const stale = await recordProcessorDispute(db, { ...notice, status: "warning_under_review" }, at(3));
    expect(stale).toMatchObject({ status: "needs_response", modified_at: at(2) });
    expect((await eventsOf(db, endpoint.id)).map((event) => event.type)).toEqual([
      "dispute.created",
      "dispute.updated",
      "dispute.updated",
    ]);
  });

  it("an unknown payment id: null, nothing written, one warning", async () => {
    const { org, payment } = await paidOrder();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const counts = async () => ({
      disputes: await db.dispute.count({ where: { organization_id: org.id } }),
      emails: await db.email.count({ where: { organization_id: org.id } }),
      events: await db.webhookEvent.count({ where: { organization_id: org.id } }),
    });
    const before = await counts();
    const notice = disputeNotice(payment, {
      paymentId: "pi_unknown_to_us",
      processorDisputeId: "du_unknown",
    });
    expect(await recordProcessorDispute(db, notice, at(0))).toBeNull();
    // The same id from another processor is another payment.
    expect(
      await recordProcessorDispute(db, disputeNotice(payment, { processor: "stripe" }), at(0)),
    ).toBeNull();
    expect(await counts()).toEqual(before);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toBe(
      "Dispute du_unknown (test): no order was paid by payment pi_unknown_to_us; ignored.",
    );
  });

  it("refuses a malformed notice before reading anything", async () => {
    const { payment } = await paidOrder();
    await expect(
      recordProcessorDispute(db, disputeNotice(payment, { status: "reopened" }), at(0)),
    ).rejects.toThrow();
    expect(await db.dispute.count({ where: { payment_id: payment.processor_payment_id! } })).toBe(0);
  });

  it("with revoke_benefits_on_dispute on, the benefits go at creation and the email says so", async () => {
    const { order, payment, endpoint } = await paidOrder({ revoke_benefits_on_dispute: true });
    await recordProcessorDispute(db, disputeNotice(payment), at(0));
    expect((await grantOf(order.id)).revoked_at).toEqual(at(0));
    expect((await keyOf(order.id)).status).toBe("revoked");
    expect((await eventsOf(db, endpoint.id)).map((event) => event.type)).toEqual([
      "dispute.created",
      "benefit_grant.revoked",
    ]);
    const [email] = await emailsOf(order.id);
    expect(decrypt(email!.text_sealed, emailBodyContext(email!.id, "text"))).toContain(
      "The order's benefits were taken back",
    );
  });

  it("no organization email: the dispute is recorded, no email queued", async () => {
    const { order, payment } = await paidOrder({ email: null });
    expect(await recordProcessorDispute(db, disputeNotice(payment), at(0))).not.toBeNull();
    expect(await emailsOf(order.id)).toEqual([]);
  });

  it("finds the order of a payment recorded on its checkout", async () => {
    const org = await createOrganization(db, { email: "owner@checkout-dispute.test" });
    const { price } = await createProduct(db, org.id, { price: { price_amount: 5_000 } });
    const customer = await createCustomer(db, org.id);
    const checkout = await createCheckout(db, org.id, price.id, { status: "succeeded" });
    const order = await createOrder(db, org.id, {
      customerId: customer.id,
      priceId: price.id,
      order: { checkout_id: checkout.id },
    });
    const id = randomUUID();
    const payment = await db.paymentAttempt.create({
      data: {
        id,
        organization_id: org.id,
        kind: "charge",
        status: "succeeded",
        checkout_id: checkout.id,
        amount: 5_000,
        currency: "usd",
        processor: "stripe",
        idempotency_key: `pa_${id}`,
        processor_payment_id: `pi_${id.slice(0, 12)}`,
      },
    });
    const dispute = await recordProcessorDispute(db, disputeNotice(payment), at(0));
    expect(dispute).toMatchObject({
      order_id: order.id,
      processor: "stripe",
      payment_id: `pi_${id.slice(0, 12)}`,
    });
  });

  it("two deliveries of a new dispute at once make one row and one event", async () => {
    const { order, payment, endpoint } = await paidOrder();
    const notice = disputeNotice(payment);
    const [first, second] = await Promise.all([
      recordProcessorDispute(db, notice, at(0)),
      recordProcessorDispute(db, notice, at(0)),
    ]);
    expect(first).toEqual(second);
    expect(await db.dispute.count({ where: { order_id: order.id } })).toBe(1);
    expect((await eventsOf(db, endpoint.id)).map((event) => event.type)).toEqual(["dispute.created"]);
  });
});
