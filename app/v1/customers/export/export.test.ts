import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/lib/core/principal";
import { getDb } from "@/lib/db/client";
import { exportCustomers, exportCustomersQuery } from "@/lib/customers/export";
import { createCustomer, createOrganization, createToken } from "@/lib/factories";
import { call, callRaw } from "@/test/http";
import { GET as exportCsv, POST as exportPost } from "./route";
import { GET as getCustomer } from "../[id]/route";

const HEADER =
  "id,external_id,email,name,created_at,billing_line1,billing_line2,billing_postal_code,billing_city," +
  "billing_state,billing_country,tax_id,tax_id_type,metadata\r\n";

let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  token = (await createToken(db, org.id, { scopes: ["customers:read"] })).token;
  Object.assign(ids, { org: org.id, other: other.id });
  const t = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes, 0, 250));
  ids.alice = (
    await createCustomer(db, org.id, {
      email: "alice@example.com",
      name: "Alice",
      external_id: "crm-1",
      created_at: t(1),
      billing_address: {
        line1: "1 Main St",
        line2: null,
        postal_code: "75001",
        city: "Paris",
        state: null,
        country: "FR",
      },
      tax_id: "FR40303265045",
      tax_id_type: "eu_vat",
      metadata: { plan: "gold", seats: 3 },
    })
  ).id;
  ids.bob = (await createCustomer(db, org.id, { email: "bob@example.com", name: null, created_at: t(2) })).id;
  // A buyer who typed a formula, a comma, quotes and a line break into their details.
  ids.mallory = (
    await createCustomer(db, org.id, {
      email: "mallory@example.com",
      name: '=HYPERLINK("http://evil.test"), "Mal"\nLine 2',
      external_id: "+1-555",
      created_at: t(3),
      billing_address: { line1: "@home", city: "-Town", country: "US", state: "NY" },
    })
  ).id;
  // Anonymized: kept for its purchases, gone from the list and from the export.
  ids.gone = (
    await createCustomer(db, org.id, {
      email: "gone@anonymized.invalid",
      created_at: t(4),
      deleted_at: t(5),
    })
  ).id;
  ids.stranger = (await createCustomer(db, other.id, { email: "stranger@example.com", created_at: t(5) })).id;
});

const exportText = async (query: Record<string, string | string[]> = {}, bearer = token) => {
  const res = await callRaw(exportCsv, { token: bearer, query });
  expect(res.status).toBe(200);
  return res.text();
};

/** The first column of every record but the header (only used where no field holds a line break). */
const idsIn = (csv: string) =>
  csv
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0]);

describe("GET /v1/customers/export", () => {
  it("answers a CSV download: the header, then one record per customer, newest first", async () => {
    const res = await callRaw(exportCsv, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(await res.text()).toBe(
      HEADER +
        `${ids.mallory},'+1-555,mallory@example.com,"'=HYPERLINK(""http://evil.test""), ""Mal""\nLine 2",` +
        `2025-01-01T12:03:00.250Z,'@home,,,'-Town,NY,US,,,\r\n` +
        `${ids.bob},,bob@example.com,,2025-01-01T12:02:00.250Z,,,,,,,,,\r\n` +
        `${ids.alice},crm-1,alice@example.com,Alice,2025-01-01T12:01:00.250Z,1 Main St,,75001,Paris,,FR,` +
        `FR40303265045,eu_vat,"{""plan"":""gold"",""seats"":3}"\r\n`,
    );
  });

  it("is not taken for a customer id: /v1/customers/export is its own route", async () => {
    // The [id] route would refuse "export" as a malformed id; the export answers CSV.
    const asId = await call(getCustomer, { token, params: { id: "export" } });
    expect(asId.status).toBe(422);
    expect(await exportText()).toContain(HEADER);
  });

  it("honours the list's email and search filters", async () => {
    expect(idsIn(await exportText({ email: "ALICE@example.com" }))).toEqual([ids.alice]);
    expect(idsIn(await exportText({ email: ["alice@example.com", "bob@example.com"] }))).toEqual([
      ids.bob,
      ids.alice,
    ]);
    expect(idsIn(await exportText({ query: "BOB" }))).toEqual([ids.bob]);
    expect(await exportText({ query: "nobody" })).toBe(HEADER);
  });

  it("never shows another organization's customers, nor anonymized ones", async () => {
    const all = await exportText();
    expect(all).not.toContain(ids.stranger);
    expect(all).not.toContain("stranger@example.com");
    expect(all).not.toContain(ids.gone);
    // The organization filter only narrows.
    expect(await exportText({ organization_id: ids.other! })).toBe(HEADER);
    expect(await exportText({ organization_id: randomUUID() })).toBe(HEADER);
    expect(idsIn(await exportText({ organization_id: [ids.org!, ids.other!] }))).toHaveLength(3);
    // A token of the other organization sees its own customer only.
    const db = await getDb();
    const otherToken = (await createToken(db, ids.other!, { scopes: ["customers:write"] })).token;
    expect(idsIn(await exportText({}, otherToken))).toEqual([ids.stranger]);
    expect(await exportText({ organization_id: ids.org! }, otherToken)).toBe(HEADER);
  });

  it("reads batch after batch: every customer exactly once, ties on created_at in id order", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const instant = new Date(Date.UTC(2025, 5, 1));
    const made: { id: string; created_at: Date }[] = [];
    for (let i = 0; i < 7; i++) {
      // Three share one instant, so a batch's edge falls inside a run that only the id orders.
      const created_at = i < 3 ? instant : new Date(instant.getTime() + i * 1000);
      made.push(await createCustomer(db, org.id, { email: `batch${i}@example.com`, created_at }));
    }
    const expected = [...made]
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
      .map((c) => c.id);
    const principal: Principal = {
      kind: "access_token",
      id: randomUUID(),
      organizationIds: [org.id],
      scopes: new Set(["customers:read"]),
    };
    const query = exportCustomersQuery.parse({});
    for (const batchSize of [1, 2, 3, 6, 7, 8]) {
      const { body } = await exportCustomers(db, principal, query, { batchSize });
      // One chunk per batch that holds rows: the header travels with the first.
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
    expect(none.headers.get("content-type")).toContain("application/json");
    expect((await call(exportCsv, { token: "oat_nope" })).status).toBe(401);
    const db = await getDb();
    const narrow = await createToken(db, ids.org!, { scopes: ["orders:read", "subscriptions:write"] });
    const denied = await call(exportCsv, { token: narrow.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("insufficient_scope");
    const invalid = await call(exportCsv, {
      token,
      query: { organization_id: "not-a-uuid", query: "x".repeat(201) },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("content-type")).toContain("application/json");
    expect(invalid.body.detail.map((p: { type: string; loc: unknown[] }) => [p.type, p.loc])).toEqual([
      ["uuid_parsing", ["query", "organization_id", 0]],
      ["string_too_long", ["query", "query"]],
    ]);
    // Pagination and sorting do not apply: ignored, not rejected.
    expect(idsIn(await exportText({ page: "2", limit: "1", sorting: "email" }))).toHaveLength(3);
    const post = await call(exportPost, { method: "POST", token, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});
