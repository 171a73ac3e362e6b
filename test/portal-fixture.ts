// The customer portal tests' world: an organization with German VAT, its buyer Jane (billing
// address in Berlin, a VAT id) with a one-time order granting two license keys (one whose devices
// she manages, one the seller manages) and a monthly subscription at half price for 3 months paid
// with the test processor's Visa; Bob, another customer of the organization, with his own order,
// key and subscription; and Eve, Jane's address in another organization. Each has a session token.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { getDb, type Db } from "../lib/db/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "../lib/factories";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "../lib/customer-portal/sessions";

/** The fixture's instants: minutes past noon on 2 November 2026 (UTC). */
export const t = (minute: number) => new Date(Date.UTC(2026, 10, 2, 12, minute));

export type PortalIds = Record<
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

export type PortalFixture = {
  db: Db;
  ids: PortalIds;
  slug: string;
  /** An access token of the organization (every scope). */
  merchant: string;
  managedKey: { id: string; key: string };
  /** Customer session tokens. */
  jane: string;
  bob: string;
  eve: string;
};

const tokenFor = async (db: Db, customerId: string) =>
  (await createCustomerSession(db, customerId, SIGN_IN_SESSION_TTL_MS, new Date())).token;

export async function createPortalFixture(): Promise<PortalFixture> {
  const db = await getDb();
  const ids = {} as PortalIds;
  const slug = `acme-${randomUUID().slice(0, 8)}`;
  const org = await createOrganization(db, {
    name: "Acme Software",
    slug,
    avatar_url: "https://cdn.example.com/acme.png",
  });
  ids.org = org.id;
  const merchant = (await createToken(db, org.id)).token;
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
  const managedKey = { id: managedRow.id, key: managedRow.key };
  ids.sellerKey = keys.find((k) => k.benefit_id === sellerManaged.id)!.id;
  ids.laptop = (await createActivation(db, managedRow.id, { label: "Laptop", created_at: t(3) })).id;
  ids.desktop = (await createActivation(db, managedRow.id, { label: "Desktop", created_at: t(4) })).id;
  ids.sellerDevice = (await createActivation(db, ids.sellerKey, { label: "Studio Mac" })).id;
  ids.pro = pro.product.id;
  ids.cloud = cloud.product.id;
  ids.managed = managed.id;
  ids.sellerManaged = sellerManaged.id;

  const jane = await tokenFor(db, janeRow.id);
  const bob = await tokenFor(db, bobRow.id);
  const eve = await tokenFor(db, eveRow.id);
  return { db, ids, slug, merchant, managedKey, jane, bob, eve };
}

export function expectNotFound(res: { status: number; body: { error: string } }) {
  expect(res.status).toBe(404);
  expect(res.body.error).toBe("ResourceNotFound");
}
