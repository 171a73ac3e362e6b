import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/lib/core/principal";
import { getDb } from "@/lib/db/client";
import {
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { exportOrders } from "@/lib/orders/export";
import { orderFiltersQuery } from "@/lib/orders/schemas";
import { call, callRaw } from "@/test/http";
import { GET as list } from "../route";
import { GET as exportCsv, POST as exportPost } from "./route";

const HEADER =
  "id,invoice_number,created_at,status,billing_reason,customer_email,customer_name,product,price_type,discount_code," +
  "subscription_id,currency,amount,tax_amount,refunded_amount\r\n";

let token: string;
const ids: Record<string, string> = {};
const subscriptionOf: Record<string, string> = {};
const numbers: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
  ids.org = org.id;
  ids.other = other.id;
  const { product: tool, price: toolPrice } = await createProduct(db, org.id, {
    product: { name: "Beta tool" },
    price: { price_amount: 2000 },
  });
  const { product: cloud, price: cloudPrice } = await createProduct(db, org.id, {
    product: { name: "Alpha cloud" },
    price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
  });
  const discount = await createDiscount(db, org.id, { name: "Zeta", code: "Z10" });
  const alice = await createCustomer(db, org.id, { email: "alice@example.com", name: "Alice" });
  const bob = await createCustomer(db, org.id, { email: "bob@example.com", name: null });
  // A buyer who typed a formula, a comma, quotes and a line break into their details.
  const mallory = await createCustomer(db, org.id, {
    email: "mallory@example.com",
    name: '=HYPERLINK("http://evil.test"), "Mal"\nLine 2',
  });
  const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes, 0, 250));
  ids.o1 = (
    await createOrder(db, org.id, {
      customerId: alice.id,
      priceId: toolPrice.id,
      order: {
        created_at: t(1),
        amount: 1800,
        tax_amount: 360,
        discount_id: discount.id,
        status: "partially_refunded",
        refunded_amount: 500,
      },
      withBenefits: false,
    })
  ).id;
  const o2 = await createOrder(db, org.id, {
    customerId: bob.id,
    priceId: cloudPrice.id,
    order: { created_at: t(2) },
    withBenefits: false,
  });
  ids.o2 = o2.id;
  subscriptionOf.o2 = o2.subscription_id!;
  ids.o3 = (
    await createOrder(db, org.id, {
      customerId: mallory.id,
      priceId: toolPrice.id,
      order: { created_at: t(3) },
      withBenefits: false,
    })
  ).id;
  const o4 = await createOrder(db, org.id, {
    customerId: alice.id,
    priceId: cloudPrice.id,
    order: { created_at: t(4), billing_reason: "subscription_cycle" },
    withBenefits: false,
  });
  ids.o4 = o4.id;
  subscriptionOf.o4 = o4.subscription_id!;
  Object.assign(ids, { tool: tool.id, cloud: cloud.id, alice: alice.id, discount: discount.id });

  const stranger = await createCustomer(db, other.id, { email: "stranger@example.com" });
  const { price: otherPrice } = await createProduct(db, other.id);
  ids.foreign = (
    await createOrder(db, other.id, { customerId: stranger.id, priceId: otherPrice.id, withBenefits: false })
  ).id;
  for (const name of ["o1", "o2", "o3", "o4"]) {
    numbers[name] = (await db.order.findUniqueOrThrow({ where: { id: ids[name]! } })).invoice_number;
  }
});

const exportText = async (query: Record<string, string | string[]> = {}) => {
  const res = await callRaw(exportCsv, { token, query });
  expect(res.status).toBe(200);
  return res.text();
};

/** The first column of every record but the header (fields here never hold a line break). */
const idsIn = (csv: string) =>
  csv
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0]);

describe("GET /v1/orders/export", () => {
  it("answers a CSV download: the header, then one record per order, newest first", async () => {
    const res = await callRaw(exportCsv, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.headers.get("content-disposition")).toContain(new Date().toISOString().slice(0, 10));
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toBeInstanceOf(ReadableStream);
    const text = await res.text();
    expect(text).toBe(
      HEADER +
        `${ids.o4},${numbers.o4},2025-01-01T12:04:00.250Z,paid,subscription_cycle,alice@example.com,Alice,Alpha cloud,recurring,,${subscriptionOf.o4},usd,900,0,0\r\n` +
        `${ids.o3},${numbers.o3},2025-01-01T12:03:00.250Z,paid,purchase,mallory@example.com,"'=HYPERLINK(""http://evil.test""), ""Mal""\nLine 2",Beta tool,one_time,,,usd,2000,0,0\r\n` +
        `${ids.o2},${numbers.o2},2025-01-01T12:02:00.250Z,paid,subscription_create,bob@example.com,,Alpha cloud,recurring,,${subscriptionOf.o2},usd,900,0,0\r\n` +
        `${ids.o1},${numbers.o1},2025-01-01T12:01:00.250Z,partially_refunded,purchase,alice@example.com,Alice,Beta tool,one_time,Z10,,usd,1800,360,500\r\n`,
    );
  });

  it("honours the list's filters and sorting", async () => {
    expect(idsIn(await exportText({ product_price_type: "one_time" }))).toEqual([ids.o3, ids.o1]);
    expect(idsIn(await exportText({ sorting: ["-amount", "created_at"] }))).toEqual([
      ids.o3,
      ids.o1,
      ids.o2,
      ids.o4,
    ]);
    expect(idsIn(await exportText({ sorting: "created_at", product_id: ids.cloud! }))).toEqual([
      ids.o2,
      ids.o4,
    ]);
    expect(idsIn(await exportText({ customer_id: ids.alice!, discount_id: ids.discount! }))).toEqual([
      ids.o1,
    ]);
    expect(idsIn(await exportText({ query: "ALICE@" }))).toEqual([ids.o4, ids.o1]);
    expect(await exportText({ query: "nobody" })).toBe(HEADER);
  });

  it("gives the same orders in the same order as the list, for every sorting, across batches", async () => {
    const db = await getDb();
    const principal: Principal = {
      kind: "access_token",
      id: randomUUID(),
      organizationIds: [ids.org!],
      scopes: new Set(["orders:read"]),
    };
    const sortings = [
      ["created_at"],
      ["-created_at"],
      ["amount"],
      ["-amount"],
      ["customer", "created_at"],
      ["-customer", "-created_at"],
      ["product"],
      ["-product", "created_at"],
      ["discount"],
      ["-discount"],
      ["subscription"],
      ["-subscription", "created_at"],
      ["subscription", "customer"],
      ["-subscription", "-customer"],
      ["discount", "-customer"],
      ["-discount", "customer", "-amount"],
      ["customer", "-subscription"],
      ["amount", "-discount", "product"],
    ];
    for (const sorting of sortings) {
      const listed = (await call(list, { token, query: { sorting, limit: 100 } })).body.items.map(
        (o: { id: string }) => o.id,
      );
      expect(listed).toHaveLength(4);
      for (const batchSize of [1, 2, 3, 4]) {
        const query = orderFiltersQuery.parse({ sorting });
        const { body } = await exportOrders(db, principal, query, { batchSize });
        expect({ sorting, batchSize, ids: idsIn(await new Response(body).text()) }).toEqual({
          sorting,
          batchSize,
          ids: listed,
        });
      }
    }
  });

  it("never shows another organization's orders", async () => {
    const all = await exportText();
    expect(all).not.toContain(ids.foreign);
    expect(all).not.toContain("stranger@example.com");
    expect(idsIn(all)).toHaveLength(4);
    // The organization filter only narrows.
    expect(await exportText({ organization_id: ids.other! })).toBe(HEADER);
    expect(idsIn(await exportText({ organization_id: [ids.org!, ids.other!] }))).toHaveLength(4);
  });

  it("guards formulas and quotes fields in every text column", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const orgToken = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
    const { price } = await createProduct(db, org.id, { product: { name: '+Pro, "Max"' } });
    const customer = await createCustomer(db, org.id, { email: "@lice@example.com", name: "-1\r\n\t2" });
    const discount = await createDiscount(db, org.id, { code: "=SUM(A1)" });
    const order = await createOrder(db, org.id, {
      customerId: customer.id,
      priceId: price.id,
      order: { created_at: new Date(Date.UTC(2025, 1, 2)), discount_id: discount.id },
      withBenefits: false,
    });
    const res = await callRaw(exportCsv, { token: orgToken });
    expect(await res.text()).toBe(
      HEADER +
        `${order.id},${order.invoice_number},2025-02-02T00:00:00.000Z,paid,purchase,'@lice@example.com,"'-1\r\n\t2","'+Pro, ""Max""",one_time,'=SUM(A1),,usd,1000,0,0\r\n`,
    );
  });

  it("is JSON 401, 403 and 422 before any CSV is written", async () => {
    const none = await call(exportCsv, {});
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect(none.headers.get("content-type")).toContain("application/json");
    const bad = await call(exportCsv, { token: "oat_nope" });
    expect(bad.status).toBe(401);
    const db = await getDb();
    const narrow = await createToken(db, ids.org!, { scopes: ["license_keys:read"] });
    const denied = await call(exportCsv, { token: narrow.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("insufficient_scope");
    const invalid = await call(exportCsv, {
      token,
      query: { sorting: "color", product_price_type: "weekly", query: "x".repeat(321) },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["enum", ["query", "product_price_type", 0]],
      ["string_too_long", ["query", "query"]],
      ["enum", ["query", "sorting", 0]],
    ]);
    // Pagination does not apply: page and limit are ignored, not rejected.
    expect(idsIn(await exportText({ page: "2", limit: "1" }))).toHaveLength(4);
    const post = await call(exportPost, { method: "POST", token, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});

describe("GET /v1/orders/export with 2,500 orders", () => {
  const COUNT = 2500;
  let bulkToken: string;
  const rows: { id: string; created_at: Date; amount: number; email: string }[] = [];

  beforeAll(async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    bulkToken = (await createToken(db, org.id, { scopes: ["orders:read"] })).token;
    const customers: { id: string; email: string }[] = [];
    for (let i = 0; i < 7; i++)
      customers.push(await createCustomer(db, org.id, { email: `bulk${i}@example.com` }));
    const { price } = await createProduct(db, org.id);
    // Many ties (seven orders per instant, three amounts, seven customers), so the batches' edges
    // fall inside runs of equal sort keys, where only the id decides.
    for (let i = 0; i < COUNT; i++) {
      const customer = customers[i % 7]!;
      rows.push({
        id: randomUUID(),
        created_at: new Date(Date.UTC(2025, 2, 1) + Math.floor(i / 7) * 60_000),
        amount: [500, 700, 900][i % 3]!,
        email: customer.email,
      });
    }
    await db.order.createMany({
      data: rows.map((row, i) => ({
        id: row.id,
        organization_id: org.id,
        invoice_number: `BULK-${String(i + 1).padStart(5, "0")}`,
        created_at: row.created_at,
        amount: row.amount,
        currency: "usd",
        billing_reason: "purchase",
        product_price_type: "one_time",
        customer_id: customers[i % 7]!.id,
        product_id: price.product_id,
        product_price_id: price.id,
      })),
    });
  });

  const cmpId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  it("streams every order exactly once, batch after batch, in the requested order", async () => {
    const res = await callRaw(exportCsv, { token: bulkToken });
    expect(res.status).toBe(200);
    // Read chunk by chunk: the header with the first batch, then one chunk per further batch.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    expect(chunks.length).toBe(3);
    const text = chunks.join("");
    expect(text.startsWith(HEADER)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const exported = idsIn(text);
    expect(exported).toHaveLength(COUNT);
    expect(new Set(exported).size).toBe(COUNT);
    const expected = [...rows]
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || cmpId(b, a))
      .map((r) => r.id);
    expect(exported).toEqual(expected);
  });

  it("keeps ties in id order across batch edges for other sortings too", async () => {
    const byAmount = idsIn(
      await (await callRaw(exportCsv, { token: bulkToken, query: { sorting: "amount" } })).text(),
    );
    expect(byAmount).toEqual([...rows].sort((a, b) => a.amount - b.amount || cmpId(a, b)).map((r) => r.id));
    const byCustomer = idsIn(
      await (
        await callRaw(exportCsv, { token: bulkToken, query: { sorting: ["-customer", "amount"] } })
      ).text(),
    );
    expect(byCustomer).toEqual(
      [...rows]
        .sort(
          (a, b) =>
            (a.email < b.email ? 1 : a.email > b.email ? -1 : 0) || a.amount - b.amount || cmpId(a, b),
        )
        .map((r) => r.id),
    );
    const filtered = idsIn(
      await (await callRaw(exportCsv, { token: bulkToken, query: { query: "bulk3@" } })).text(),
    );
    expect(filtered).toHaveLength(rows.filter((r) => r.email === "bulk3@example.com").length);
  });
});
