// `sorting` on every list route (docs/api.md §5), through the real handlers: ascending and
// descending, two criteria applied in order, ties broken by id, and an unknown criterion as a 422
// `enum` at its index. Each list gets an organization of its own holding three rows made at
// t1 < t2 < t3 whose sort field reads high, low, high: only a second criterion orders the two highs.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/client";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createDiscount,
  createEmail,
  createLicenseKey,
  createMedia,
  createMerchantUser,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { createWebhookEndpoint } from "@/lib/factories/webhooks";
import { call, type CallOptions } from "@/test/http";
import { GET as listOrders } from "./orders/route";
import { GET as listLicenseKeys } from "./license-keys/route";
import { GET as listCheckouts } from "./checkouts/custom/route";
import { GET as listProducts } from "./products/route";
import { GET as listCustomers } from "./customers/route";
import { GET as listDiscounts } from "./discounts/route";
import { GET as listCheckoutLinks } from "./checkout-links/route";
import { GET as listBenefits } from "./benefits/route";
import { GET as listAccessTokens } from "./organization-access-tokens/route";
import { GET as listSubscriptions } from "./subscriptions/route";
import { GET as listOrganizations } from "./organizations/route";
import { GET as listFiles } from "./files/route";
import { GET as listWebhookEndpoints } from "./webhooks/endpoints/route";
import { GET as listEmails } from "./emails/route";
import { GET as listRefunds } from "./refunds/route";
import { POST as signIn } from "./auth/sign-in/route";
import { GET as listPortalOrders } from "./customer-portal/orders/route";
import { GET as listPortalLicenseKeys } from "./customer-portal/license-keys/route";
import { GET as listPortalSubscriptions } from "./customer-portal/subscriptions/route";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "@/lib/customer-portal/sessions";

const t = (minute: number) => new Date(Date.UTC(2025, 5, 1, 12, minute));
const HIGH_LOW_HIGH = [t(1), t(2), t(3)] as const;

type Rows = { auth: CallOptions; ids: string[] };

type ListCase = {
  route: string;
  list: RouteHandler;
  /** The criterion whose values are high, low, high on the rows made at t1, t2, t3. */
  field: string;
  /** Makes the three rows (created_at and the field's value given) and the credential to list them. */
  setup: (
    db: Db,
    make: <T>(row: (createdAt: Date, high: boolean) => Promise<T>) => Promise<T[]>,
  ) => Promise<Rows>;
};

async function tokenFor(db: Db) {
  const org = await createOrganization(db);
  return { org: org.id, auth: { token: (await createToken(db, org.id)).token } };
}

const cases: ListCase[] = [
  {
    route: "GET /v1/orders/",
    list: listOrders,
    field: "amount",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const customer = await createCustomer(db, org);
      const { price } = await createProduct(db, org, {});
      const orders = await make((created_at, high) =>
        createOrder(db, org, {
          customerId: customer.id,
          priceId: price.id,
          order: { created_at, amount: high ? 2000 : 1000 },
        }),
      );
      return { auth, ids: orders.map((o) => o.id) };
    },
  },
  {
    route: "GET /v1/license-keys",
    list: listLicenseKeys,
    field: "usage",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const customer = await createCustomer(db, org);
      const benefit = await createBenefit(db, org, { type: "license_keys", properties: {} });
      const keys = await make((created_at, high) =>
        createLicenseKey(db, org, {
          benefitId: benefit.id,
          customerId: customer.id,
          key: { created_at, usage: high ? 2 : 1 },
        }),
      );
      return { auth, ids: keys.map((k) => k.id) };
    },
  },
  {
    route: "GET /v1/checkouts/custom/",
    list: listCheckouts,
    field: "expires_at",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const { price } = await createProduct(db, org, {});
      const sessions = await make((created_at, high) =>
        createCheckout(db, org, price.id, {
          created_at,
          expires_at: new Date(Date.UTC(2099, 0, high ? 2 : 1)),
        }),
      );
      return { auth, ids: sessions.map((s) => s.id) };
    },
  },
  {
    route: "GET /v1/checkout-links/",
    list: listCheckoutLinks,
    field: "label",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const { product } = await createProduct(db, org, {});
      const links = await make((created_at, high) =>
        db.checkoutLink.create({
          data: {
            id: randomUUID(),
            created_at,
            organization_id: org,
            label: high ? "Spring" : "Autumn",
            link_products: { create: [{ product_id: product.id, order: 0 }] },
          },
        }),
      );
      return { auth, ids: links.map((l) => l.id) };
    },
  },
  {
    route: "GET /v1/products/",
    list: listProducts,
    field: "name",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const made = await make((created_at, high) =>
        createProduct(db, org, { product: { created_at, name: high ? "Studio" : "Cloud" } }),
      );
      return { auth, ids: made.map((m) => m.product.id) };
    },
  },
  {
    route: "GET /v1/products/ (by price)",
    list: listProducts,
    field: "price_amount",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const made = await make((created_at, high) =>
        createProduct(db, org, { product: { created_at }, price: { price_amount: high ? 2000 : 1000 } }),
      );
      return { auth, ids: made.map((m) => m.product.id) };
    },
  },
  {
    route: "GET /v1/customers/",
    list: listCustomers,
    field: "name",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const customers = await make((created_at, high) =>
        createCustomer(db, org, { created_at, name: high ? "Grace" : "Ada" }),
      );
      return { auth, ids: customers.map((c) => c.id) };
    },
  },
  {
    route: "GET /v1/discounts/",
    list: listDiscounts,
    field: "redemptions_count",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const discounts = await make((created_at, high) =>
        createDiscount(db, org, { created_at, redemptions_count: high ? 7 : 3 }),
      );
      return { auth, ids: discounts.map((d) => d.id) };
    },
  },
  {
    route: "GET /v1/benefits/",
    list: listBenefits,
    field: "description",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const benefits = await make((created_at, high) =>
        createBenefit(db, org, { created_at, description: high ? "Support" : "Keys" }),
      );
      return { auth, ids: benefits.map((b) => b.id) };
    },
  },
  {
    route: "GET /v1/subscriptions/",
    list: listSubscriptions,
    field: "amount",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const customer = await createCustomer(db, org);
      const { price } = await createProduct(db, org, {
        price: { type: "recurring", recurring_interval: "month" },
      });
      const orders = await make((created_at, high) =>
        createOrder(db, org, { customerId: customer.id, priceId: price.id, order: { created_at } }).then(
          (order) =>
            db.subscription.update({
              where: { id: order.subscription_id! },
              data: { amount: high ? 2000 : 1000 },
            }),
        ),
      );
      return { auth, ids: orders.map((s) => s.id) };
    },
  },
  {
    route: "GET /v1/refunds/",
    list: listRefunds,
    field: "amount",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const customer = await createCustomer(db, org);
      const { price } = await createProduct(db, org, {});
      const order = await createOrder(db, org, { customerId: customer.id, priceId: price.id });
      const refunds = await make((created_at, high) =>
        db.refund.create({
          data: {
            id: randomUUID(),
            created_at,
            organization_id: org,
            reason: "customer_request",
            amount: high ? 300 : 100,
            tax_amount: 0,
            currency: "usd",
            order_id: order.id,
            customer_id: customer.id,
          },
        }),
      );
      return { auth, ids: refunds.map((r) => r.id) };
    },
  },
  {
    route: "GET /v1/files/",
    list: listFiles,
    field: "name",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const files = await make((created_at, high) =>
        createMedia(db, org, { created_at, name: high ? "zebra.png" : "apple.png" }),
      );
      return { auth, ids: files.map((f) => f.id) };
    },
  },
  {
    route: "GET /v1/webhooks/endpoints",
    list: listWebhookEndpoints,
    field: "url",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const endpoints = await make((created_at, high) =>
        createWebhookEndpoint(db, org, {
          created_at,
          url: `https://${high ? "zeta" : "alpha"}.example.com/`,
        }),
      );
      return { auth, ids: endpoints.map(({ endpoint }) => endpoint.id) };
    },
  },
  {
    route: "GET /v1/emails/",
    list: listEmails,
    field: "to",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const emails = await make((created_at, high) =>
        createEmail(db, org, { created_at, to: high ? "zoe@example.com" : "ada@example.com" }),
      );
      return { auth, ids: emails.map((e) => e.id) };
    },
  },
  {
    route: "GET /v1/emails/ (by sent_at)",
    list: listEmails,
    field: "sent_at",
    setup: async (db, make) => {
      const { org, auth } = await tokenFor(db);
      const emails = await make((created_at, high) =>
        createEmail(db, org, {
          created_at,
          status: "sent",
          sent_at: new Date(Date.UTC(2025, 5, 2, high ? 12 : 11)),
        }),
      );
      return { auth, ids: emails.map((e) => e.id) };
    },
  },
  {
    route: "GET /v1/organization-access-tokens/",
    list: listAccessTokens,
    field: "comment",
    setup: async (db, make) => {
      // Tokens are listed to a signed-in merchant, whose organization holds exactly these three.
      const org = await createOrganization(db);
      const email = `sorting-${org.id}@example.com`;
      await createMerchantUser(db, { email, password: "pw-for-sorting", organizationIds: [org.id] });
      const signedIn = await call(signIn, { body: { email, password: "pw-for-sorting" } });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const tokens = await make(async (created_at, high) => {
        const { accessToken } = await createToken(db, org.id, { comment: high ? "Deploys" : "Backups" });
        return db.organizationAccessToken.update({ where: { id: accessToken.id }, data: { created_at } });
      });
      return { auth: { headers: { cookie } }, ids: tokens.map((token) => token.id) };
    },
  },
  {
    route: "GET /v1/organizations/",
    list: listOrganizations,
    field: "name",
    setup: async (db, make) => {
      // A merchant of exactly these three organizations.
      const orgs = await make((created_at, high) =>
        createOrganization(db, { created_at, name: high ? "Zeta" : "Alpha" }),
      );
      const email = `sorting-${orgs[0]!.id}@example.com`;
      await createMerchantUser(db, {
        email,
        password: "pw-for-sorting",
        organizationIds: orgs.map((o) => o.id),
      });
      const signedIn = await call(signIn, { body: { email, password: "pw-for-sorting" } });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      return { auth: { headers: { cookie } }, ids: orgs.map((org) => org.id) };
    },
  },
];

describe.each(cases)("$route", ({ list, field, setup }) => {
  let rows: Rows;
  const idsOf = async (sorting: string | string[]) => {
    const response = await call(list, { ...rows.auth, query: { sorting } });
    expect(response.status).toBe(200);
    return response.body.items.map((item: { id: string }) => item.id);
  };

  beforeAll(async () => {
    const db = await getDb();
    rows = await setup(db, async (row) => {
      const made = [];
      for (const [index, createdAt] of HIGH_LOW_HIGH.entries()) made.push(await row(createdAt, index !== 1));
      return made;
    });
  });

  it("sorts by created_at, ascending and descending", async () => {
    const [first, second, third] = rows.ids;
    expect(await idsOf("created_at")).toEqual([first, second, third]);
    expect(await idsOf("-created_at")).toEqual([third, second, first]);
  });

  it(`applies two criteria in order (${field}, then created_at)`, async () => {
    const [first, low, third] = rows.ids;
    expect(await idsOf([field, "-created_at"])).toEqual([low, third, first]);
    expect(await idsOf([`-${field}`, "created_at"])).toEqual([first, third, low]);
  });

  it("breaks ties by id in the last criterion's direction", async () => {
    const [first, low, third] = rows.ids;
    const highs = [first, third].sort();
    expect(await idsOf(field)).toEqual([low, ...highs]);
    expect(await idsOf(`-${field}`)).toEqual([...highs.reverse(), low]);
  });

  it("answers 422 enum for an unknown criterion, at its index", async () => {
    const response = await call(list, { ...rows.auth, query: { sorting: [field, "-colour"] } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "enum",
          loc: ["query", "sorting", 1],
          msg: expect.stringMatching(/^Input should be /),
          input: "-colour",
        },
      ],
    });
    expect(response.body.detail[0].msg).toContain(`'-${field}'`);
  });
});

// The customer portal's lists have one criterion, `created_at` (newest first by default): a buyer
// has a handful of each. Rows at t1, t2, t2: the two at t2 are ordered by id.
type PortalListCase = {
  route: string;
  list: RouteHandler;
  make: (db: Db, org: string, customerId: string, createdAt: Date) => Promise<{ id: string }>;
};

const portalCases: PortalListCase[] = [
  {
    route: "GET /v1/customer-portal/orders/",
    list: listPortalOrders,
    make: async (db, org, customerId, created_at) => {
      const { price } = await createProduct(db, org, {});
      return createOrder(db, org, { customerId, priceId: price.id, order: { created_at } });
    },
  },
  {
    route: "GET /v1/customer-portal/license-keys/",
    list: listPortalLicenseKeys,
    make: async (db, org, customerId, created_at) => {
      const benefit = await createBenefit(db, org, { type: "license_keys", properties: {} });
      return createLicenseKey(db, org, { benefitId: benefit.id, customerId, key: { created_at } });
    },
  },
  {
    route: "GET /v1/customer-portal/subscriptions/",
    list: listPortalSubscriptions,
    make: async (db, org, customerId, created_at) => {
      const { price } = await createProduct(db, org, { price: { type: "recurring" } });
      const order = await createOrder(db, org, { customerId, priceId: price.id, order: { created_at } });
      return { id: order.subscription_id! };
    },
  },
];

describe.each(portalCases)("$route", ({ list, make }) => {
  let token: string;
  let ids: string[];
  const idsOf = async (sorting?: string) => {
    const response = await call(list, { token, query: sorting ? { sorting } : {} });
    expect(response.status).toBe(200);
    return response.body.items.map((item: { id: string }) => item.id);
  };
  beforeAll(async () => {
    const db = await getDb();
    const org = (await createOrganization(db)).id;
    const customer = await createCustomer(db, org);
    ids = [];
    for (const createdAt of [t(1), t(2), t(2)]) ids.push((await make(db, org, customer.id, createdAt)).id);
    token = (await createCustomerSession(db, customer.id, SIGN_IN_SESSION_TTL_MS, new Date())).token;
  });

  it("sorts by created_at, newest first by default, ties broken by id", async () => {
    const [first, ...ties] = ids;
    const tiesAscending = [...ties].sort();
    expect(await idsOf("created_at")).toEqual([first, ...tiesAscending]);
    expect(await idsOf("-created_at")).toEqual([...tiesAscending.reverse(), first]);
    expect(await idsOf()).toEqual(await idsOf("-created_at"));
  });

  it("answers 422 enum for any other criterion, at its index", async () => {
    const response = await call(list, { token, query: { sorting: ["created_at", "-amount"] } });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      {
        type: "enum",
        loc: ["query", "sorting", 1],
        msg: expect.stringMatching(/^Input should be /),
        input: "-amount",
      },
    ]);
  });
});
