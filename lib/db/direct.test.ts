// The direct statements' JSON rows: timestamps come back as the UTC instants they are, and every
// table's list of timestamp columns matches prisma/schema.prisma.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "./client";
import { directSql, optionalRowFromJson, rowFromJson, TIMESTAMP_COLUMNS } from "./direct";

function timestampColumnsOf(table: string): string[] {
  const schema = fs.readFileSync(path.resolve(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
  const model = schema.split(/\nmodel /).find((block) => block.includes(`@@map("${table}")`));
  if (!model) throw new Error(`no model maps to ${table}`);
  return [...model.matchAll(/^\s+(\w+)\s+DateTime\??\s/gm)].map((match) => match[1]!);
}

describe("direct statements' rows", () => {
  it("lists every timestamp column of each table", () => {
    for (const [table, columns] of Object.entries(TIMESTAMP_COLUMNS)) {
      expect([...columns].sort(), table).toEqual(timestampColumnsOf(table).sort());
    }
  });

  it("reads row_to_json's zone-less timestamps as UTC and leaves other values alone", () => {
    const row = rowFromJson<Record<string, unknown>>(
      "license_keys",
      JSON.stringify({
        id: "k",
        created_at: "2026-11-23T22:16:49.123",
        modified_at: null,
        expires_at: "2027-01-01T00:00:00",
        last_validated_at: "2026-11-23T22:16:49.5+00:00",
        key: "2026-11-23T22:16:49.123",
      }),
    );
    expect(row).toEqual({
      id: "k",
      created_at: new Date("2026-11-23T22:16:49.123Z"),
      modified_at: null,
      expires_at: new Date("2027-01-01T00:00:00Z"),
      last_validated_at: new Date("2026-11-23T22:16:49.500Z"),
      key: "2026-11-23T22:16:49.123",
    });
    expect(optionalRowFromJson("discounts", null)).toBeNull();
  });

  it("finds a client registered by another copy of the module (Next.js bundles one per route)", async () => {
    const client = {};
    const query = async () => [{ via: "driver" }];
    const first = await import("./direct");
    first.registerDirectDriver(client, { query: query as never });
    vi.resetModules();
    const second = await import("./direct");
    expect(second).not.toBe(first);
    expect(await second.directQuery(client as never)("SELECT 1")).toEqual([{ via: "driver" }]);
  });
});

describe("directSql", () => {
  it("refuses a Date value: pg would send it in the server's local time, Prisma in UTC", async () => {
    const notUsed = {} as DbOrTx;
    await expect(directSql(notUsed, Prisma.sql`SELECT ${new Date()}::timestamp`)).rejects.toThrow(
      /takes times as ISO text/,
    );
  });
});
