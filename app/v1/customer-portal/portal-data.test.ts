// The customer portal's data routes through the real handlers, with a buyer's session token:
// exact bodies of the organization, the profile, orders and license keys; freeing a device; and
// tenancy: another customer's order or key, of the same organization or another, is 404, and a
// merchant's token opens nothing here. Subscriptions: portal-subscriptions.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { displayKey } from "@/lib/core/license-key-format";
import { call } from "@/test/http";
import { createBenefit, createOrder, createProduct } from "@/lib/factories";
import { receiptPdfUrl, receiptUrl } from "@/lib/receipts/links";
import {
  createPortalFixture,
  expectNotFound,
  t,
  type PortalFixture,
  type PortalIds,
} from "@/test/portal-fixture";
import { GET as getOrganization } from "./organizations/[slug]/route";
import { GET as me } from "./customers/me/route";
import { GET as listOrders } from "./orders/route";
import { GET as getOrder } from "./orders/[id]/route";
import { GET as listKeys } from "./license-keys/route";
import { GET as getKey } from "./license-keys/[id]/route";
import { DELETE as deactivate } from "./license-keys/[id]/activations/[activation_id]/route";
import { GET as listSubscriptions } from "./subscriptions/route";
import { PATCH as patchSubscription } from "./subscriptions/[id]/route";
import { GET as listGrants } from "./benefit-grants/route";
import { GET as getGrant, PATCH as updateGrant } from "./benefit-grants/[id]/route";
import { GET as getReceipt } from "./orders/[id]/receipt/route";
import { GET as introspect } from "./customer-session/introspect/route";

let db: Db;
let ids: PortalIds;
let jane: string;
let bob: string;
let eve: string;
let merchant: string;
let slug: string;
let managedKey: PortalFixture["managedKey"];

beforeAll(async () => {
  ({ db, ids, jane, bob, eve, merchant, slug, managedKey } = await createPortalFixture());
});

const notFound = expectNotFound;

describe("GET /v1/customer-portal/organizations/{slug}", () => {
  it("answers the organization's public profile, and 404 for an unknown slug", async () => {
    const res = await call(getOrganization, { params: { slug } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.org,
      name: "Acme Software",
      slug,
      avatar_url: "https://cdn.example.com/acme.png",
      // The current reference API's CustomerOrganizationData (docs/polar-sdk.md).
      organization: {
        id: ids.org,
        name: "Acme Software",
        slug,
        avatar_url: "https://cdn.example.com/acme.png",
        customer_portal_settings: {
          usage: { show: false },
          subscription: { update_seats: false, update_plan: true },
        },
      },
    });
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["Acme Pro", "Acme Cloud"]),
    );
    expect(res.body.products.every((p: { is_archived: boolean }) => !p.is_archived)).toBe(true);
    notFound(await call(getOrganization, { params: { slug: "no-such-organization" } }));
  });
});

describe("GET /v1/customer-portal/customers/me", () => {
  it("answers the signed-in customer with their organization", async () => {
    const res = await call(me, { token: jane });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids.jane,
      created_at: expect.any(String),
      modified_at: res.body.modified_at,
      email: "jane@example.com",
      email_verified: expect.any(Boolean),
      name: "Jane Doe",
      billing_name: "Jane Doe",
      oauth_accounts: {},
      billing_address: {
        line1: "Hauptstr. 1",
        line2: null,
        postal_code: "10115",
        city: "Berlin",
        state: null,
        country: "DE",
      },
      tax_id: ["DE123456789", "eu_vat"],
      // None set: the portal follows the browser's language (docs/i18n.md).
      locale: null,
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
  // The order as the portal shows it: the specification's fields, its product (with its
  // organization), its subscription and the current reference API's amounts.
  const portalOrder = (o: {
    id: string;
    minute: number;
    amount: number;
    tax: number;
    reason: string;
    product: string;
    name: string;
    subscription: string | null;
    discount?: unknown;
  }) => ({
    id: o.id,
    created_at: t(o.minute).toISOString(),
    modified_at: null,
    status: "paid",
    invoice_number: invoiceNumbers.get(o.id),
    amount: o.amount,
    tax_amount: o.tax,
    refunded_amount: 0,
    refunded_tax_amount: 0,
    currency: "usd",
    billing_reason: o.reason,
    billing_address: expect.toSatisfy((a: unknown) => a === null || typeof a === "object"),
    customer_id: ids.jane,
    product_id: o.product,
    discount_id: o.discount ?? null,
    subscription_id: o.subscription,
    checkout_id: null,
    product: expect.objectContaining({
      id: o.product,
      name: o.name,
      organization: expect.objectContaining({ id: ids.org, slug }),
    }),
    subscription: o.subscription ? expect.objectContaining({ id: o.subscription }) : null,
    // The specification's era SDK's (0.22.2): the price bought, and the customer as its user.
    product_price_id: expect.any(String),
    product_price: expect.objectContaining({ product_id: o.product }),
    user_id: ids.jane,
    receipt_url: receiptUrl(o.id),
    receipt_pdf_url: receiptPdfUrl(o.id),
    invoice_url: null,
    paid: true,
    subtotal_amount: o.amount,
    discount_amount: 0,
    net_amount: o.amount,
    total_amount: o.amount + o.tax,
    applied_balance_amount: 0,
    due_amount: 0,
    refundable_amount: o.amount,
    refundable_tax_amount: o.tax,
    billing_name: "Jane Doe",
    receipt_number: invoiceNumbers.get(o.id),
    is_invoice_generated: false,
    description: o.name,
    items: [expect.objectContaining({ amount: o.amount, tax_amount: o.tax, label: o.name })],
    units: null,
    platform_fee_amount: 0,
    platform_fee_currency: null,
  });
  const proOrder = () =>
    portalOrder({
      id: ids.order,
      minute: 1,
      amount: 4900,
      tax: 931,
      reason: "purchase",
      product: ids.pro,
      name: "Acme Pro",
      subscription: null,
    });

  it("lists only the buyer's orders, newest first, with receipt links", async () => {
    const res = await call(listOrders, { token: jane });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        portalOrder({
          id: ids.subscriptionOrder,
          minute: 2,
          amount: 450,
          tax: 86,
          reason: "subscription_create",
          product: ids.cloud,
          name: "Acme Cloud",
          subscription: ids.subscription,
          // A first-period discount (the fixture's).
          discount: expect.any(String),
        }),
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
    modified_at: null,
    last_validated_at: null,
    organization_id: ids.org,
    customer_id: ids.jane,
    customer: expect.objectContaining({ id: ids.jane, email: "jane@example.com", deleted_at: null }),
    // The era SDK's legacy view of the buyer.
    user_id: ids.jane,
    user: { id: ids.jane, email: "jane@example.com", public_name: expect.any(String) },
    member_id: null,
    member: null,
    benefit_id: ids.managed,
    benefit: { id: ids.managed, description: "Acme Pro license" },
    product: { id: ids.pro, name: "Acme Pro" },
    can_deactivate: true,
    activations: activations.map(({ id, label, minute }) => ({
      id,
      label,
      created_at: t(minute).toISOString(),
    })),
    // A one-time purchase's key follows no subscription.
    subscription: null,
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

describe("benefit grants", () => {
  it("lists the buyer's grants with the benefit and its organization, a key's grant naming the key", async () => {
    const res = await call(listGrants, { token: jane });
    expect(res.status).toBe(200);
    const grants = res.body.items as {
      id: string;
      benefit_id: string;
      customer_id: string;
      properties: Record<string, unknown>;
    }[];
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.customer_id === ids.jane)).toBe(true);
    const managed = grants.find((g) => g.benefit_id === ids.managed)!;
    expect(managed).toMatchObject({
      is_granted: true,
      is_revoked: false,
      order_id: ids.order,
      customer: { id: ids.jane, email: "jane@example.com", oauth_accounts: {} },
      benefit: {
        id: ids.managed,
        type: "license_keys",
        description: "Acme Pro license",
        is_deleted: false,
        organization: { id: ids.org, slug },
        properties: { activations: { limit: 3, enable_customer_admin: true } },
      },
      properties: { license_key_id: managedKey.id, display_key: displayKey(managedKey.key) },
    });
    const one = await call(getGrant, { token: jane, params: { id: managed.id } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(managed);
    // Filters, and another buyer's grant is not found.
    const byOrder = await call(listGrants, { token: jane, query: { order_id: ids.order } });
    expect(byOrder.body.items.every((g: { order_id: string }) => g.order_id === ids.order)).toBe(true);
    const custom = await call(listGrants, { token: jane, query: { type: "custom" } });
    expect(custom.body.items.map((g: { benefit_id: string }) => g.benefit_id)).not.toContain(ids.managed);
    notFound(await call(getGrant, { token: bob, params: { id: managed.id } }));
    notFound(await call(getGrant, { token: eve, params: { id: managed.id } }));
    const bobs = await call(listGrants, { token: bob });
    expect(bobs.body.items.map((g: { id: string }) => g.id)).not.toContain(managed.id);
    expect((await call(listGrants, { token: merchant })).status).toBe(401);
    // The reference SDK's default order, and its other criteria.
    for (const sorting of [["product_benefit", "-granted_at"], ["-type"], ["organization"]]) {
      const sorted = await call(listGrants, { token: jane, query: { sorting } });
      expect(sorted.status).toBe(200);
      expect(sorted.body.items).toHaveLength(grants.length);
    }
    expect((await call(listGrants, { token: jane, query: { sorting: "-amount" } })).status).toBe(422);
  });

  it("updates a grant as it is (nothing is asked of the buyer), refusing another type, a revoked one and another's", async () => {
    const grant = (await call(listGrants, { token: jane })).body.items.find(
      (g: { benefit_id: string }) => g.benefit_id === ids.managed,
    );
    const patch = (token: string, id: string, body: object) =>
      call(updateGrant, { method: "PATCH", token, params: { id }, body });
    const same = await patch(jane, grant.id, { benefit_type: "license_keys" });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(grant);
    const wrongType = await patch(jane, grant.id, { benefit_type: "custom" });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail[0]).toMatchObject({ loc: ["body", "benefit_type"], input: "custom" });
    expect((await patch(jane, grant.id, { benefit_type: "discord" })).status).toBe(422);
    notFound(await patch(bob, grant.id, { benefit_type: "license_keys" }));
    // A grant of her own, revoked: 403, as the reference answers.
    const benefit = await createBenefit(db, ids.org, { type: "custom" });
    const { price } = await createProduct(db, ids.org, { benefitIds: [benefit.id] });
    const order = await createOrder(db, ids.org, { customerId: ids.jane, priceId: price.id });
    const own = await db.benefitGrant.update({
      where: { benefit_id_order_id: { benefit_id: benefit.id, order_id: order.id } },
      data: { revoked_at: new Date() },
    });
    const refused = await patch(jane, own.id, { benefit_type: "custom" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "NotPermitted",
      detail: "The benefit grant is revoked and cannot be updated.",
    });
  });
});

describe("the current SDK's portal reads", () => {
  it("a receipt as {url} of the buyer's PDF (404 for another's order), and when the session ends", async () => {
    const receipt = await call(getReceipt, { token: jane, params: { id: ids.order } });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toEqual({ url: receiptPdfUrl(ids.order) });
    notFound(await call(getReceipt, { token: jane, params: { id: ids.bobOrder } }));
    notFound(await call(getReceipt, { token: eve, params: { id: ids.order } }));
    expect((await call(getReceipt, { token: merchant, params: { id: ids.order } })).status).toBe(401);

    const session = await call(introspect, { token: jane });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ expires_at: expect.any(String), return_url: null });
    expect(Date.parse(session.body.expires_at)).toBeGreaterThan(Date.now());
    expect((await call(introspect, { token: merchant })).status).toBe(401);
  });
});
