// GET /v1/metrics/export: the periods of GET /v1/metrics/ as CSV, every figure or those asked for;
// UTC only; the same range rules (422), scope and organization as the metrics.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct, createToken } from "@/lib/factories";
import { callRaw } from "@/test/http";
import { EXPORTABLE_METRICS } from "@/lib/metrics/schemas";
import { GET as exportMetrics } from "./route";

let token: string;
let otherToken: string;
let organizationId: string;

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  organizationId = org.id;
  token = (await createToken(db, org.id, { scopes: ["metrics:read"] })).token;
  otherToken = (await createToken(db, (await createOrganization(db)).id)).token;
  const customer = await createCustomer(db, org.id);
  const { price } = await createProduct(db, org.id, { price: { price_amount: 2000 } });
  for (const createdAt of [
    "2025-01-01T10:00:00.000Z",
    "2025-01-01T23:59:59.999Z",
    "2025-01-03T00:00:00.000Z",
  ]) {
    await createOrder(db, org.id, {
      customerId: customer.id,
      priceId: price.id,
      order: { created_at: new Date(createdAt) },
      withBenefits: false,
    });
  }
});

/** The answer with its text (CSV) and, for an error, its JSON body. */
async function get(query: Record<string, string | string[]>, as = token) {
  const res = await callRaw(exportMetrics, { token: as, query });
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, text, body: json };
}
const RANGE = { start_date: "2025-01-01", end_date: "2025-01-03", interval: "day" };

describe("GET /v1/metrics/export", () => {
  it("writes a row per period with the figures asked for, in that order", async () => {
    const res = await get({ ...RANGE, metrics: ["revenue", "orders"], timezone: "UTC" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("metrics-2025-01-01-2025-01-03.csv");
    expect(res.text).toBe(
      "timestamp,revenue,orders\r\n" +
        "2025-01-01T00:00:00.000Z,4000,2\r\n" +
        "2025-01-02T00:00:00.000Z,0,0\r\n" +
        "2025-01-03T00:00:00.000Z,2000,1\r\n",
    );
  });

  it("writes every figure by default, the same as GET /v1/metrics/ answers", async () => {
    const res = await get({ ...RANGE, interval: "month" });
    expect(res.status).toBe(200);
    const [header, row, end] = res.text.split("\r\n");
    expect(header).toBe(["timestamp", ...EXPORTABLE_METRICS].join(","));
    const cells = Object.fromEntries(header!.split(",").map((name, i) => [name, row!.split(",")[i]]));
    expect(cells).toMatchObject({
      timestamp: "2025-01-01T00:00:00.000Z",
      orders: "3",
      revenue: "6000",
      net_revenue: "6000",
      average_order_value: "2000",
      checkouts_conversion: "0",
    });
    expect(end).toBe("");
  });

  it("refuses another time zone, an unknown figure, a bad range and an organization not its own", async () => {
    const zone = await get({ ...RANGE, timezone: "Europe/Paris" });
    expect(zone.status).toBe(422);
    expect(zone.body.detail[0]).toMatchObject({ loc: ["query", "timezone"] });
    expect((await get({ ...RANGE, metrics: ["orders", "nonsense"] })).status).toBe(422);
    expect((await get({ ...RANGE, end_date: "2024-12-31" })).status).toBe(422);
    const foreign = await get({ ...RANGE, organization_id: organizationId }, otherToken);
    expect(foreign.status).toBe(200);
    expect(
      foreign.text
        .split("\r\n")
        .slice(1, -1)
        .every((row) => row.split(",")[1] === "0"),
    ).toBe(true);
  });

  it("needs the metrics:read scope", async () => {
    const db = await getDb();
    const narrow = (await createToken(db, organizationId, { scopes: ["orders:read"] })).token;
    expect((await get(RANGE, narrow)).status).toBe(403);
    expect((await callRaw(exportMetrics, { query: RANGE })).status).toBe(401);
  });
});
