// The specification's era SDK against this app (issue 31; docs/polar-sdk.md): `@polar-sh/sdk`
// 0.22.2, installed under the alias `polar-sdk-era`, as an integrator of that time uses it, its calls
// answered in process by our route handlers (./in-process-fetch.ts). That SDK parses every answer
// with its own run-time schemas and throws when one does not fit, so a method conforms when its
// call resolves. The test fails when a method listed in ERA_CONFORMING stops conforming.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Polar } from "polar-sdk-era";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createCustomer,
  createCustomField,
  createDiscount,
  createOrder,
  createProduct,
} from "@/lib/factories";
import { createCustomerSession } from "@/lib/customer-portal/sessions";
import { startStripe, stripeShop } from "@/test/stripe-shop";
import { installInProcessFetch, SDK_BASE_URL } from "./in-process-fetch";

type Fixtures = Record<string, string>;
type Drive = (merchant: Polar, f: Fixtures) => Promise<unknown>;

/** Pages of the era SDK are iterators whose first page is `result`. */
const firstPage = async <T>(pages: Promise<{ result: T }>) => (await pages).result;

/** The methods that conform today: one that stops conforming fails the test. */
const ERA_CONFORMING: string[] = [
  "benefits.get",
  "benefits.list",
  "checkoutLinks.create",
  "checkoutLinks.get",
  "checkoutLinks.list",
  "checkouts.custom.clientGet",
  "checkouts.custom.create",
  "checkouts.custom.get",
  "checkouts.custom.list",
  "customFields.get",
  "customFields.list",
  "customerPortal.licenseKeys.activate",
  "customerPortal.licenseKeys.validate",
  "customerPortal.orders.list",
  "customerPortal.subscriptions.list",
  "customerSessions.create",
  "customers.create",
  "customers.get",
  "customers.list",
  "discounts.create",
  "discounts.get",
  "discounts.list",
  "licenseKeys.get",
  "licenseKeys.list",
  "orders.get",
  "orders.list",
  "products.create",
  "products.get",
  "products.list",
  "products.update",
  "refunds.list",
  "subscriptions.get",
  "subscriptions.list",
];

const DRIVES: [string, Drive][] = [
  ["products.list", (p, f) => firstPage(p.products.list({ organizationId: f.organization! }))],
  ["products.get", (p, f) => p.products.get({ id: f.product! })],
  [
    "products.create",
    async (p, f) => {
      const product = await p.products.create({
        name: "Era Studio",
        organizationId: f.organization!,
        prices: [{ type: "one_time", amountType: "fixed", priceAmount: 2500, priceCurrency: "usd" }],
      } as Parameters<Polar["products"]["create"]>[0]);
      f.eraProduct = product.id;
      return product;
    },
  ],
  [
    "products.update",
    (p, f) => p.products.update({ id: f.eraProduct!, productUpdate: { name: "Era Studio 2" } }),
  ],
  ["benefits.list", (p, f) => firstPage(p.benefits.list({ organizationId: f.organization! }))],
  ["benefits.get", (p, f) => p.benefits.get({ id: f.benefit! })],
  ["orders.list", (p, f) => firstPage(p.orders.list({ organizationId: f.organization! }))],
  ["orders.get", (p, f) => p.orders.get({ id: f.order! })],
  ["subscriptions.list", (p, f) => firstPage(p.subscriptions.list({ organizationId: f.organization! }))],
  ["subscriptions.get", (p, f) => p.subscriptions.get({ id: f.subscription! })],
  ["licenseKeys.list", (p, f) => firstPage(p.licenseKeys.list({ organizationId: f.organization! }))],
  ["licenseKeys.get", (p, f) => p.licenseKeys.get({ id: f.licenseKey! })],
  ["customers.list", (p, f) => firstPage(p.customers.list({ organizationId: f.organization! }))],
  ["customers.get", (p, f) => p.customers.get({ id: f.customer! })],
  [
    "customers.create",
    (p, f) => p.customers.create({ email: "era-buyer@example.com", organizationId: f.organization! }),
  ],
  ["discounts.list", (p, f) => firstPage(p.discounts.list({ organizationId: f.organization! }))],
  ["discounts.get", (p, f) => p.discounts.get({ id: f.discount! })],
  [
    "discounts.create",
    (p, f) =>
      p.discounts.create({
        name: "Era ten",
        type: "percentage",
        basisPoints: 1000,
        duration: "once",
        organizationId: f.organization!,
      } as Parameters<Polar["discounts"]["create"]>[0]),
  ],
  ["customFields.list", (p, f) => firstPage(p.customFields.list({ organizationId: f.organization! }))],
  ["customFields.get", (p, f) => p.customFields.get({ id: f.customField! })],
  [
    "checkoutLinks.create",
    async (p, f) => {
      const link = await p.checkoutLinks.create({ productPriceId: f.price! } as Parameters<
        Polar["checkoutLinks"]["create"]
      >[0]);
      f.checkoutLink = link.id;
      return link;
    },
  ],
  ["checkoutLinks.get", (p, f) => p.checkoutLinks.get({ id: f.checkoutLink! })],
  ["checkoutLinks.list", (p, f) => firstPage(p.checkoutLinks.list({ organizationId: f.organization! }))],
  [
    "checkouts.custom.create",
    async (p, f) => {
      const checkout = await p.checkouts.custom.create({ productPriceId: f.price! } as Parameters<
        Polar["checkouts"]["custom"]["create"]
      >[0]);
      f.checkout = checkout.id;
      f.clientSecret = checkout.clientSecret;
      return checkout;
    },
  ],
  ["checkouts.custom.get", (p, f) => p.checkouts.custom.get({ id: f.checkout! })],
  [
    "checkouts.custom.list",
    (p, f) => firstPage(p.checkouts.custom.list({ organizationId: f.organization! })),
  ],
  ["checkouts.custom.clientGet", (p, f) => p.checkouts.custom.clientGet({ clientSecret: f.clientSecret! })],
  ["refunds.list", (p, f) => firstPage(p.refunds.list({ organizationId: f.organization! }))],
  ["customerSessions.create", (p, f) => p.customerSessions.create({ customerId: f.customer! })],
  [
    "customerPortal.licenseKeys.validate",
    (p, f) => p.customerPortal.licenseKeys.validate({ key: f.key!, organizationId: f.organization! }),
  ],
  [
    "customerPortal.licenseKeys.activate",
    (p, f) =>
      p.customerPortal.licenseKeys.activate({
        key: f.key!,
        organizationId: f.organization!,
        label: "Era laptop",
      }),
  ],
  ["customerPortal.orders.list", (_p, f) => firstPage(portal(f).customerPortal.orders.list({}))],
  [
    "customerPortal.subscriptions.list",
    (_p, f) => firstPage(portal(f).customerPortal.subscriptions.list({})),
  ],
];

function portal(f: Fixtures) {
  return new Polar({ accessToken: f.customerSessionToken!, serverURL: SDK_BASE_URL });
}

let db: Db;
let restore: () => void;
let stripe: Awaited<ReturnType<typeof startStripe>> | undefined;
const results = new Map<string, string>();

beforeAll(async () => {
  db = await getDb();
  restore = installInProcessFetch();
  // That SDK knows one processor, Stripe: the organization sells with the in-repo fake.
  stripe = await startStripe();
  const { organization, token } = await stripeShop(db, stripe);
  const benefit = await createBenefit(db, organization.id, {
    type: "license_keys",
    properties: { activations: { limit: 3 } },
  });
  const monthly = await createProduct(db, organization.id, {
    price: { recurring_interval: "month", price_amount: 1500 },
    benefitIds: [benefit.id],
  });
  const customer = await createCustomer(db, organization.id, { email: "era-subscriber@example.com" });
  const order = await createOrder(db, organization.id, {
    customerId: customer.id,
    priceId: monthly.price.id,
  });
  const key = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customer.id } });
  const fixtures: Fixtures = {
    organization: organization.id,
    product: monthly.price.product_id,
    price: monthly.price.id,
    benefit: benefit.id,
    customer: customer.id,
    order: order.id,
    subscription: order.subscription_id!,
    licenseKey: key.id,
    key: key.key,
    discount: (await createDiscount(db, organization.id)).id,
    customField: (await createCustomField(db, organization.id)).id,
    customerSessionToken: (await createCustomerSession(db, customer.id, 60 * 60_000, new Date())).token,
  };
  const merchant = new Polar({ accessToken: token, serverURL: SDK_BASE_URL });
  for (const [name, drive] of DRIVES) {
    try {
      await drive(merchant, fixtures);
      results.set(name, "conforms");
    } catch (error) {
      results.set(
        name,
        `fails: ${String((error as Error).message)
          .replace(/\s+/g, " ")
          .slice(0, 1200)}`,
      );
    }
  }
}, 120_000);

afterAll(async () => {
  restore?.();
  await stripe?.stop();
});

describe("@polar-sh/sdk 0.22.2, the specification's era", () => {
  it("answers every driven method in the shapes that SDK parses", () => {
    const report = [...results].map(([name, outcome]) => `${outcome.padEnd(8).slice(0, 8)} ${name}`);
    console.log(
      `0.22.2: ${[...results.values()].filter((o) => o === "conforms").length} of ${results.size} driven methods conform`,
    );
    if (process.env.SDK_REPORT_ALL) console.log([...results].map(([n, o]) => `${n}: ${o}`).join("\n"));
    const broken = ERA_CONFORMING.filter((name) => results.get(name) !== "conforms");
    expect(
      broken.map((name) => `${name}: ${results.get(name)}`),
      report.join("\n"),
    ).toEqual([]);
  });
});
