import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/lib/core/principal";
import type { DbOrTx } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  createCustomer,
  createDiscount,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { addInterval } from "@/lib/subscriptions/periods";
import { exportSubscriptions, exportSubscriptionsQuery } from "@/lib/subscriptions/export";
import { call, callRaw } from "@/test/http";
import { GET as getSubscription } from "../[id]/route";
import { GET as exportCsv, POST as exportPost } from "./route";

const HEADER =
  "id,created_at,started_at,status,customer_id,email,customer_name,billing_name,billing_country,product," +
  "amount,net_amount,currency,recurring_interval,discount,seats,current_period_start,current_period_end," +
  "cancel_at_period_end,canceled_at,ends_at,ended_at,cancellation_reason,trial_start,trial_end\r\n";

/** A subscription row as the purchase path leaves it, of `price`, with the test's overrides. */
async function createSubscription(
  db: DbOrTx,
  organizationId: string,
  customerId: string,
  price: { id: string; product_id: string; price_amount: number | null; recurring_interval: string | null },
  data: Partial<Prisma.SubscriptionUncheckedCreateInput> & { created_at: Date },
) {
  const interval = (price.recurring_interval ?? "month") as "month" | "year";
  const start = (data.current_period_start as Date | undefined) ?? data.created_at;
  return db.subscription.create({
    data: {
      id: randomUUID(),
      organization_id: organizationId,
      customer_id: customerId,
      product_id: price.product_id,
      price_id: price.id,
      amount: price.price_amount ?? 0,
      currency: "usd",
      recurring_interval: interval,
      status: "active",
      current_period_start: start,
      current_period_end: addInterval(start, interval),
      started_at: data.created_at,
      ...data,
    },
  });
}

const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes, 0, 250));

let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id, { scopes: ["subscriptions:read"] })).token;
  Object.assign(ids, { org: org.id, other: other.id });
  const { product: cloud, price: monthly } = await createProduct(db, org.id, {
    product: { name: "Alpha cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const { product: yearlyProduct, price: yearly } = await createProduct(db, org.id, {
    product: { name: "Beta, yearly" },
    price: { type: "recurring", recurring_interval: "year", price_amount: 12000 },
  });
  Object.assign(ids, { cloud: cloud.id, yearly: yearlyProduct.id });
  const forever = await createDiscount(db, org.id, { code: "Z20", basis_points: 2000, duration: "forever" });
  const launch = await createDiscount(db, org.id, {
    name: "Launch",
    type: "fixed",
    amount: 500,
    duration: "once",
  });
  const alice = await createCustomer(db, org.id, {
    email: "alice@example.com",
    name: "Alice",
    billing_address: { country: "FR", line1: "1 rue de Rivoli", city: "Paris", postal_code: "75001" },
  });
  const bob = await createCustomer(db, org.id, { email: "bob@example.com", name: null });
  // A buyer who typed a formula, a comma, quotes and a line break into their name.
  const mallory = await createCustomer(db, org.id, {
    email: "mallory@example.com",
    name: '=HYPERLINK("http://evil.test"), "Mal"\nLine 2',
  });
  Object.assign(ids, { alice: alice.id, bob: bob.id, mallory: mallory.id });
  ids.s1 = (
    await createSubscription(db, org.id, alice.id, monthly, { created_at: t(1), discount_id: forever.id })
  ).id;
  // Renewed once: its `once` discount covered the first year only.
  ids.s2 = (
    await createSubscription(db, org.id, bob.id, yearly, {
      created_at: t(2),
      current_period_start: addInterval(t(2), "year"),
      discount_id: launch.id,
      status: "canceled",
      canceled_at: t(20),
      ended_at: t(30),
      customer_cancellation_reason: "too_expensive",
    })
  ).id;
  ids.s3 = (
    await createSubscription(db, org.id, mallory.id, monthly, {
      created_at: t(3),
      status: "trialing",
      trial_start: t(3),
      trial_end: new Date(t(3).getTime() + 14 * 86_400_000),
      current_period_end: new Date(t(3).getTime() + 14 * 86_400_000),
      cancel_at_period_end: true,
      ends_at: new Date(t(3).getTime() + 14 * 86_400_000),
    })
  ).id;
  ids.s4 = (
    await createSubscription(db, org.id, alice.id, monthly, {
      created_at: t(4),
      status: "incomplete",
      started_at: null,
      current_period_end: null,
    })
  ).id;

  const stranger = await createCustomer(db, other.id, { email: "stranger@example.com" });
  const { price: otherPrice } = await createProduct(db, other.id, {
    price: { type: "recurring", recurring_interval: "month" },
  });
  ids.foreign = (await createSubscription(db, other.id, stranger.id, otherPrice, { created_at: t(5) })).id;
});

const exportText = async (query: Record<string, string | string[]> = {}, bearer = token) => {
  const res = await callRaw(exportCsv, { token: bearer, query });
  expect(res.status).toBe(200);
  return res.text();
};

/** The first column of every record but the header (only where no field holds a line break). */
const idsIn = (csv: string) =>
  csv
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0]);

describe("GET /v1/subscriptions/export", () => {
  it("answers a CSV download: the header, then one record per subscription, newest first", async () => {
    const res = await callRaw(exportCsv, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="subscriptions-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toBe(
      HEADER +
        `${ids.s4},2025-01-01T12:04:00.250Z,,incomplete,${ids.alice},alice@example.com,Alice,Alice,FR,` +
        `Alpha cloud,900,900,usd,month,,,2025-01-01T12:04:00.250Z,,false,,,,,,\r\n` +
        `${ids.s3},2025-01-01T12:03:00.250Z,2025-01-01T12:03:00.250Z,trialing,${ids.mallory},mallory@example.com,` +
        `"'=HYPERLINK(""http://evil.test""), ""Mal""\nLine 2","'=HYPERLINK(""http://evil.test""), ""Mal""\nLine 2",,` +
        `Alpha cloud,900,900,usd,month,,,2025-01-01T12:03:00.250Z,2025-01-15T12:03:00.250Z,true,,` +
        `2025-01-15T12:03:00.250Z,,,2025-01-01T12:03:00.250Z,2025-01-15T12:03:00.250Z\r\n` +
        `${ids.s2},2025-01-01T12:02:00.250Z,2025-01-01T12:02:00.250Z,canceled,${ids.bob},bob@example.com,,,,` +
        `"Beta, yearly",12000,12000,usd,year,Launch,,2026-01-01T12:02:00.250Z,2027-01-01T12:02:00.250Z,false,` +
        `2025-01-01T12:20:00.250Z,,2025-01-01T12:30:00.250Z,too_expensive,,\r\n` +
        `${ids.s1},2025-01-01T12:01:00.250Z,2025-01-01T12:01:00.250Z,active,${ids.alice},alice@example.com,Alice,Alice,FR,` +
        `Alpha cloud,900,720,usd,month,Z20,,2025-01-01T12:01:00.250Z,2025-02-01T12:01:00.250Z,false,,,,,,\r\n`,
    );
  });

  it("is not taken for a subscription id: /v1/subscriptions/export is its own route", async () => {
    const asId = await call(getSubscription, { token, params: { id: "export" } });
    expect(asId.status).toBe(422);
    expect((await exportText()).startsWith(HEADER)).toBe(true);
  });

  it("filters by product, status, active, cancel_at_period_end and the start (a half-open range)", async () => {
    expect(idsIn(await exportText({ product_id: ids.yearly! }))).toEqual([ids.s2]);
    expect(idsIn(await exportText({ product_id: [ids.yearly!, ids.cloud!] }))).toHaveLength(4);
    expect(idsIn(await exportText({ status: "trialing" }))).toEqual([ids.s3]);
    expect(idsIn(await exportText({ status: ["active", "canceled"] }))).toEqual([ids.s2, ids.s1]);
    expect(idsIn(await exportText({ active: "true" }))).toEqual([ids.s3, ids.s1]);
    expect(idsIn(await exportText({ active: "false" }))).toEqual([ids.s4, ids.s2]);
    expect(idsIn(await exportText({ cancel_at_period_end: "true" }))).toEqual([ids.s3]);
    expect(idsIn(await exportText({ cancel_at_period_end: "false" }))).toEqual([ids.s4, ids.s2, ids.s1]);
    // From started_after included to started_before excluded; never started: never in a range.
    const start = (minutes: number) => t(minutes).toISOString();
    expect(idsIn(await exportText({ started_after: start(2) }))).toEqual([ids.s3, ids.s2]);
    expect(idsIn(await exportText({ started_before: start(2) }))).toEqual([ids.s1]);
    expect(idsIn(await exportText({ started_after: start(1), started_before: start(3) }))).toEqual([
      ids.s2,
      ids.s1,
    ]);
    // Any offset names the instant: 13:02:00.250 in Paris is 12:02:00.250 UTC.
    expect(idsIn(await exportText({ started_after: "2025-01-01T13:02:00.250+01:00" }))).toEqual([
      ids.s3,
      ids.s2,
    ]);
    expect(await exportText({ status: "past_due" })).toBe(HEADER);
  });

  it("writes the columns asked for, in that order, and every date in the time zone asked for", async () => {
    const text = await exportText({
      columns: ["trial_end", "id", "started_at", "email", "id"],
      timezone: "America/New_York",
      status: ["trialing", "incomplete"],
    });
    expect(text).toBe(
      "trial_end,id,started_at,email\r\n" +
        `,${ids.s4},,alice@example.com\r\n` +
        `2025-01-15T07:03:00.250-05:00,${ids.s3},2025-01-01T07:03:00.250-05:00,mallory@example.com\r\n`,
    );
    // Summer time and a zone's name in any case.
    const paris = await exportText({
      columns: ["current_period_end", "canceled_at"],
      timezone: "europe/paris",
      product_id: ids.yearly!,
    });
    expect(paris).toBe(
      "current_period_end,canceled_at\r\n2027-01-01T13:02:00.250+01:00,2025-01-01T13:20:00.250+01:00\r\n",
    );
    expect(
      await exportText({ columns: "current_period_start", timezone: "Asia/Kolkata", status: "active" }),
    ).toBe("current_period_start\r\n2025-01-01T17:31:00.250+05:30\r\n");
    // UTC is the default, written like the other exports (with Z).
    expect(await exportText({ columns: "created_at", timezone: "UTC", status: "active" })).toBe(
      "created_at\r\n2025-01-01T12:01:00.250Z\r\n",
    );
  });

  it("never shows another organization's subscriptions", async () => {
    const all = await exportText();
    expect(all).not.toContain(ids.foreign);
    expect(all).not.toContain("stranger@example.com");
    expect(idsIn(await exportText({ columns: "id" }))).toHaveLength(4);
    // The organization filter only narrows.
    expect(await exportText({ organization_id: ids.other! })).toBe(HEADER);
    expect(idsIn(await exportText({ organization_id: [ids.org!, ids.other!], columns: "id" }))).toHaveLength(
      4,
    );
    // The other organization's token sees its own subscription only; write implies read.
    const db = await getDb();
    const otherToken = (await createToken(db, ids.other!, { scopes: ["subscriptions:write"] })).token;
    expect(idsIn(await exportText({}, otherToken))).toEqual([ids.foreign]);
    expect(await exportText({ organization_id: ids.org! }, otherToken)).toBe(HEADER);
  });

  it("guards formulas in every text column", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const orgToken = (await createToken(db, org.id, { scopes: ["subscriptions:read"] })).token;
    const { price } = await createProduct(db, org.id, {
      product: { name: '+Pro, "Max"' },
      price: { type: "recurring", recurring_interval: "month" },
    });
    const customer = await createCustomer(db, org.id, {
      email: "@lice@example.com",
      name: "-1\r\n\t2",
      billing_address: { country: "=1" },
    });
    const discount = await createDiscount(db, org.id, { code: "=SUM(A1)" });
    await createSubscription(db, org.id, customer.id, price, { created_at: t(0), discount_id: discount.id });
    const text = await exportText(
      { columns: ["email", "customer_name", "billing_country", "product", "discount"] },
      orgToken,
    );
    expect(text).toBe(
      "email,customer_name,billing_country,product,discount\r\n" +
        `'@lice@example.com,"'-1\r\n\t2",'=1,"'+Pro, ""Max""",'=SUM(A1)\r\n`,
    );
  });

  it("reads batch after batch: every subscription exactly once, ties on created_at in id order", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id, {
      price: { type: "recurring", recurring_interval: "month" },
    });
    const instant = new Date(Date.UTC(2025, 5, 1));
    const made: { id: string; created_at: Date }[] = [];
    for (let i = 0; i < 7; i++) {
      // Three share one instant, so a batch's edge falls inside a run that only the id orders.
      const created_at = i < 3 ? instant : new Date(instant.getTime() + i * 1000);
      made.push(await createSubscription(db, org.id, customer.id, price, { created_at }));
    }
    const expected = [...made]
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
      .map((s) => s.id);
    const principal: Principal = {
      kind: "access_token",
      id: randomUUID(),
      organizationIds: [org.id],
      scopes: new Set(["subscriptions:read"]),
    };
    const query = exportSubscriptionsQuery.parse({ columns: "id" });
    for (const batchSize of [1, 2, 3, 6, 7, 8]) {
      const { body } = await exportSubscriptions(db, principal, query, { batchSize });
      const reader = body.getReader();
      const chunks: string[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(new TextDecoder().decode(value));
      }
      expect({ batchSize, chunks: chunks.length }).toEqual({ batchSize, chunks: Math.ceil(7 / batchSize) });
      expect({ batchSize, ids: idsIn(chunks.join("")) }).toEqual({ batchSize, ids: expected });
    }
  });

  it("is JSON 401, 403 and 422 before any CSV is written", async () => {
    const none = await call(exportCsv, {});
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect((await call(exportCsv, { token: "oat_nope" })).status).toBe(401);
    const db = await getDb();
    const narrow = await createToken(db, ids.org!, { scopes: ["customers:write", "orders:read"] });
    const denied = await call(exportCsv, { token: narrow.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("insufficient_scope");
    const invalid = await call(exportCsv, {
      token,
      query: {
        product_id: "nope",
        status: "paused",
        cancel_at_period_end: "maybe",
        started_after: "2025-13-01",
        started_before: "yesterday",
        timezone: "Mars/Olympus_Mons",
        columns: ["email", "password"],
      },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("content-type")).toContain("application/json");
    expect(invalid.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["uuid_parsing", ["query", "product_id", 0]],
      ["enum", ["query", "status", 0]],
      ["bool_type", ["query", "cancel_at_period_end"]],
      expect.arrayContaining([["query", "started_after"]]),
      expect.arrayContaining([["query", "started_before"]]),
      expect.arrayContaining([["query", "timezone"]]),
      ["enum", ["query", "columns", 1]],
    ]);
    for (const timezone of ["", "+01:00", "Z", `Europe/Paris\u0000`, "x".repeat(65)]) {
      const bad = await call(exportCsv, { token, query: { timezone } });
      expect({ timezone, status: bad.status, loc: bad.body.detail?.[0]?.loc }).toEqual({
        timezone,
        status: 422,
        loc: ["query", "timezone"],
      });
    }
    const post = await call(exportPost, { method: "POST", token, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});
