// The customer portal's data routes through the real handlers, with a buyer's session token:
// exact bodies of the organization, the profile, orders and license keys; freeing a device; and
// tenancy: another customer's order or key, of the same organization or another, is 404, and a
// merchant's token opens nothing here. Subscriptions: portal-subscriptions.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { displayKey } from "@/lib/core/license-key-format";
import { call } from "@/test/http";
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
