// The customer portal's data routes through the real handlers, with a buyer's session token:
// exact bodies of the organization, the profile, orders, license keys and subscriptions; freeing
// a device; cancelling at the period's end and taking it back; and tenancy: another customer's
// order, key or subscription, of the same organization or another, is 404, and a merchant's token
// opens nothing here.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "@/lib/customer-portal/sessions";
import { displayKey } from "@/lib/license-keys/key-format";
import { addInterval } from "@/lib/subscriptions/periods";
import { call } from "@/test/http";
import { receiptPdfUrl, receiptUrl } from "@/lib/receipts/links";
import { GET as getOrganization } from "./organizations/[slug]/route";
import { GET as me } from "./customers/me/route";
import { GET as listOrders } from "./orders/route";
import { GET as getOrder } from "./orders/[id]/route";
import { GET as listKeys } from "./license-keys/route";
import { GET as getKey } from "./license-keys/[id]/route";
import { DELETE as deactivate } from "./license-keys/[id]/activations/[activation_id]/route";
import { GET as listSubscriptions } from "./subscriptions/route";
import { GET as getSubscription, PATCH as patchSubscription } from "./subscriptions/[id]/route";
import { POST as updatePaymentMethod } from "./subscriptions/[id]/payment-method/route";

let db: Db;
const t = (minute: number) => new Date(Date.UTC(2026, 10, 2, 12, minute));
type Ids = Record<
  | "org"
  | "jane"
  | "bob"
  | "order"
  | "subscriptionOrder"
  | "subscription"
  | "bobOrder"
  | "bobSubscription"
  | "bobKey"
  | "eveOrder"
  | "eveSubscription"
  | "sellerKey"
  | "laptop"
  | "desktop"
  | "sellerDevice"
  | "pro"
  | "cloud"
  | "managed"
  | "sellerManaged",
  string
>;
const ids = {} as Ids;
let jane: string;
let bob: string;
let eve: string;
let merchant: string;
let slug: string;
let managedKey: { id: string; key: string };

const tokenFor = async (customerId: string) =>
  (await createCustomerSession(db, customerId, SIGN_IN_SESSION_TTL_MS, new Date())).token;

beforeAll(async () => {
  db = await getDb();
  slug = `acme-${randomUUID().slice(0, 8)}`;
  const org = await createOrganization(db, {
    name: "Acme Software",
    slug,
    avatar_url: "https://cdn.example.com/acme.png",
  });
  ids.org = org.id;
  merchant = (await createToken(db, org.id)).token;
  await db.taxRate.create({
    data: { id: randomUUID(), organization_id: org.id, country: "DE", basis_points: 1900 },
  });
  const janeRow = await createCustomer(db, org.id, {
    email: "jane@example.com",
    name: "Jane Doe",
    billing_address: { line1: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" },
    tax_id: "DE123456789",
    tax_id_type: "eu_vat",
  });
  ids.jane = janeRow.id;
  const bobRow = await createCustomer(db, org.id, { email: "bob@example.com" });
  ids.bob = bobRow.id;
  const other = await createOrganization(db);
  const eveRow = await createCustomer(db, other.id, { email: "jane@example.com" });

  const managed = await createBenefit(db, org.id, {
    type: "license_keys",
    description: "Acme Pro license",
    properties: { prefix: "ACME", activations: { limit: 3, enable_customer_admin: true } },
  });
  const sellerManaged = await createBenefit(db, org.id, {
    type: "license_keys",
    description: "Plugin license",
    properties: { activations: { limit: 2 } },
  });
  const pro = await createProduct(db, org.id, {
    product: { name: "Acme Pro" },
    price: { price_amount: 4900 },
    benefitIds: [managed.id, sellerManaged.id],
  });
  const cloud = await createProduct(db, org.id, {
    product: { name: "Acme Cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const halfOff = await createDiscount(db, org.id, {
    type: "percentage",
    basis_points: 5000,
    duration: "repeating",
    duration_in_months: 3,
  });
  const order = await createOrder(db, org.id, {
    customerId: janeRow.id,
    priceId: pro.price.id,
    order: { created_at: t(1), tax_amount: 931 },
  });
  ids.order = order.id;
  const subscriptionOrder = await createOrder(db, org.id, {
    customerId: janeRow.id,
    priceId: cloud.price.id,
    order: { created_at: t(2), amount: 450, tax_amount: 86, discount_id: halfOff.id },
  });
  ids.subscriptionOrder = subscriptionOrder.id;
  ids.subscription = subscriptionOrder.subscription_id!;
  await db.subscription.update({
    where: { id: ids.subscription },
    data: { payment_processor: "test", payment_method_ref: "pm_test_tok_visa" },
  });
  ids.bobOrder = (await createOrder(db, org.id, { customerId: bobRow.id, priceId: cloud.price.id })).id;
  const bobOrder = await db.order.findUniqueOrThrow({ where: { id: ids.bobOrder } });
  ids.bobSubscription = bobOrder.subscription_id!;
  await createOrder(db, org.id, { customerId: bobRow.id, priceId: pro.price.id });
  ids.bobKey = (await db.licenseKey.findFirstOrThrow({ where: { customer_id: bobRow.id } })).id;
  const otherProduct = await createProduct(db, other.id, { price: { type: "recurring" } });
  const eveOrder = await createOrder(db, other.id, { customerId: eveRow.id, priceId: otherProduct.price.id });
  ids.eveOrder = eveOrder.id;
  ids.eveSubscription = eveOrder.subscription_id!;

  const keys = await db.licenseKey.findMany({
    where: { customer_id: janeRow.id },
    include: { benefit: true },
  });
  const managedRow = keys.find((k) => k.benefit_id === managed.id)!;
  managedKey = { id: managedRow.id, key: managedRow.key };
  ids.sellerKey = keys.find((k) => k.benefit_id === sellerManaged.id)!.id;
  ids.laptop = (await createActivation(db, managedRow.id, { label: "Laptop", created_at: t(3) })).id;
  ids.desktop = (await createActivation(db, managedRow.id, { label: "Desktop", created_at: t(4) })).id;
  ids.sellerDevice = (await createActivation(db, ids.sellerKey, { label: "Studio Mac" })).id;
  ids.pro = pro.product.id;
  ids.cloud = cloud.product.id;
  ids.managed = managed.id;
  ids.sellerManaged = sellerManaged.id;

  jane = await tokenFor(janeRow.id);
  bob = await tokenFor(bobRow.id);
  eve = await tokenFor(eveRow.id);
});

const notFound = (res: { status: number; body: { error: string } }) => {
  expect(res.status).toBe(404);
  expect(res.body.error).toBe("ResourceNotFound");
};

describe("GET /v1/customer-portal/organizations/{slug}", () => {
  it("answers the organization's public profile, and 404 for an unknown slug", async () => {
    const res = await call(getOrganization, { params: { slug } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids.org,
      name: "Acme Software",
      slug,
      avatar_url: "https://cdn.example.com/acme.png",
    });
    notFound(await call(getOrganization, { params: { slug: "no-such-organization" } }));
  });
});

describe("GET /v1/customer-portal/customers/me", () => {
  it("answers the signed-in customer with their organization", async () => {
    const res = await call(me, { token: jane });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids.jane,
      email: "jane@example.com",
      name: "Jane Doe",
      billing_address: {
        line1: "Hauptstr. 1",
        line2: null,
        postal_code: "10115",
        city: "Berlin",
        state: null,
        country: "DE",
      },
      tax_id: ["DE123456789", "eu_vat"],
      organization: { id: ids.org, name: "Acme Software", slug },
    });
    // Same address in another organization: another customer.
    expect((await call(me, { token: eve })).body.id).not.toBe(ids.jane);
  });
});

describe("orders", () => {
  const invoiceNumbers = new Map<string, string>();
  beforeAll(async () => {
    for (const order of await db.order.findMany({ select: { id: true, invoice_number: true } }))
      invoiceNumbers.set(order.id, order.invoice_number);
  });
  const proOrder = () => ({
    id: ids.order,
    created_at: t(1).toISOString(),
    status: "paid",
    invoice_number: invoiceNumbers.get(ids.order),
    amount: 4900,
    tax_amount: 931,
    refunded_amount: 0,
    currency: "usd",
    billing_reason: "purchase",
    product: { id: ids.pro, name: "Acme Pro" },
    subscription_id: null,
    receipt_url: receiptUrl(ids.order),
    receipt_pdf_url: receiptPdfUrl(ids.order),
  });

  it("lists only the buyer's orders, newest first, with receipt links", async () => {
    const res = await call(listOrders, { token: jane });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: ids.subscriptionOrder,
          created_at: t(2).toISOString(),
          status: "paid",
          invoice_number: invoiceNumbers.get(ids.subscriptionOrder),
          amount: 450,
          tax_amount: 86,
          refunded_amount: 0,
          currency: "usd",
          billing_reason: "subscription_create",
          product: { id: ids.cloud, name: "Acme Cloud" },
          subscription_id: ids.subscription,
          receipt_url: receiptUrl(ids.subscriptionOrder),
          receipt_pdf_url: receiptPdfUrl(ids.subscriptionOrder),
        },
        proOrder(),
      ],
      pagination: { total_count: 2, max_page: 1 },
    });
    const page2 = await call(listOrders, { token: jane, query: { limit: 1, page: 2 } });
    expect(page2.body).toEqual({ items: [proOrder()], pagination: { total_count: 2, max_page: 2 } });
    const oldestFirst = await call(listOrders, { token: jane, query: { sorting: "created_at" } });
    expect(oldestFirst.body.items.map((o: { id: string }) => o.id)).toEqual([
      ids.order,
      ids.subscriptionOrder,
    ]);
    const unknown = await call(listOrders, { token: jane, query: { sorting: "-amount" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0]).toMatchObject({ type: "enum", loc: ["query", "sorting", 0] });
  });

  it("answers one order, and 404 for another customer's or another organization's", async () => {
    const res = await call(getOrder, { token: jane, params: { id: ids.order } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(proOrder());
    notFound(await call(getOrder, { token: jane, params: { id: ids.bobOrder } }));
    notFound(await call(getOrder, { token: jane, params: { id: ids.eveOrder } }));
    notFound(await call(getOrder, { token: bob, params: { id: ids.order } }));
    notFound(await call(getOrder, { token: eve, params: { id: ids.order } }));
    expect(
      (await call(listOrders, { token: bob })).body.items.map((o: { id: string }) => o.id),
    ).not.toContain(ids.order);
  });
});

describe("license keys", () => {
  const managedBody = (activations: { id: string; label: string; minute: number }[]) => ({
    id: managedKey.id,
    key: managedKey.key,
    display_key: displayKey(managedKey.key),
    status: "granted",
    expires_at: null,
    limit_activations: 3,
    usage: 0,
    limit_usage: null,
    validations: 0,
    created_at: t(1).toISOString(),
    benefit: { id: ids.managed, description: "Acme Pro license" },
    product: { id: ids.pro, name: "Acme Pro" },
    can_deactivate: true,
    activations: activations.map(({ id, label, minute }) => ({
      id,
      label,
      created_at: t(minute).toISOString(),
    })),
  });

  it("lists the buyer's keys in full with their devices, and whether the buyer may free them", async () => {
    const res = await call(listKeys, { token: jane });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_count: 2, max_page: 1 });
    const byId = Object.fromEntries(res.body.items.map((k: { id: string }) => [k.id, k]));
    expect(byId[managedKey.id]).toEqual(
      managedBody([
        { id: ids.laptop, label: "Laptop", minute: 3 },
        { id: ids.desktop, label: "Desktop", minute: 4 },
      ]),
    );
    expect(byId[ids.sellerKey]).toMatchObject({
      benefit: { id: ids.sellerManaged, description: "Plugin license" },
      can_deactivate: false,
      activations: [{ id: ids.sellerDevice, label: "Studio Mac" }],
    });
    expect(res.body.items.map((k: { id: string }) => k.id)).not.toContain(ids.bobKey);
  });

  it("answers one key, and 404 for another's", async () => {
    const res = await call(getKey, { token: jane, params: { id: managedKey.id } });
    expect(res.status).toBe(200);
    expect(res.body.key).toBe(managedKey.key);
    notFound(await call(getKey, { token: jane, params: { id: ids.bobKey } }));
    notFound(await call(getKey, { token: bob, params: { id: managedKey.id } }));
    notFound(await call(getKey, { token: eve, params: { id: managedKey.id } }));
  });

  it("frees a device (204) when the benefit allows it; 403 when the seller manages them; 404 otherwise", async () => {
    const res = await call(deactivate, {
      method: "DELETE",
      token: jane,
      params: { id: managedKey.id, activation_id: ids.laptop },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(
      (await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: ids.laptop } })).deleted_at,
    ).toBeInstanceOf(Date);
    const after = await call(getKey, { token: jane, params: { id: managedKey.id } });
    expect(after.body).toEqual(managedBody([{ id: ids.desktop, label: "Desktop", minute: 4 }]));
    // Again: the device is gone.
    notFound(
      await call(deactivate, {
        method: "DELETE",
        token: jane,
        params: { id: managedKey.id, activation_id: ids.laptop },
      }),
    );
    const refused = await call(deactivate, {
      method: "DELETE",
      token: jane,
      params: { id: ids.sellerKey, activation_id: ids.sellerDevice },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { error: "NotPermitted", detail: "This license key's devices are managed by the seller." },
    });
    // Another customer's key: not found, and the device stays.
    notFound(
      await call(deactivate, {
        method: "DELETE",
        token: bob,
        params: { id: managedKey.id, activation_id: ids.desktop },
      }),
    );
    expect(
      (await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: ids.desktop } })).deleted_at,
    ).toBeNull();
  });
});

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
    product: { id: ids.cloud, name: "Acme Cloud" },
    payment_method: { brand: "visa", last4: "4242" },
    tax_amount_next: 86,
  });

  it("lists and shows the buyer's subscriptions with the next charge and the card", async () => {
    const list = await call(listSubscriptions, { token: jane });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [base()], pagination: { total_count: 1, max_page: 1 } });
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
    expect(res.body).toMatchObject({ id: ids.subscription, payment_method: { last4: "4242" } });
  });
});

describe("credentials", () => {
  it("a merchant's token opens no portal data route (401)", async () => {
    const routes = [
      () => call(me, { token: merchant }),
      () => call(listOrders, { token: merchant }),
      () => call(getOrder, { token: merchant, params: { id: ids.order } }),
      () => call(listKeys, { token: merchant }),
      () => call(listSubscriptions, { token: merchant }),
      () =>
        call(patchSubscription, {
          method: "PATCH",
          token: merchant,
          params: { id: ids.subscription },
          body: { cancel_at_period_end: true },
        }),
    ];
    for (const route of routes) {
      const res = await route();
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("Unauthorized");
    }
  });
});
