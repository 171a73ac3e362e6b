// Fails when prisma/schema.prisma and prisma/migrations disagree: the database the migrations
// build must be exactly the one the schema describes (tables, columns, types, nullability,
// defaults, enums, indexes and foreign keys).
import { describe, expect, it } from "vitest";
import { getDb } from "../lib/db/client";
import { modelFromDatabase, modelFromPrismaSchema } from "../scripts/schema-model";

describe("schema.prisma and migrations", () => {
  it("describe the same database", async () => {
    const db = await getDb();
    const live = await modelFromDatabase({
      query: async <R>(sql: string, params: unknown[] = []) => ({
        rows: (await db.$queryRawUnsafe(sql, ...params)) as R[],
      }),
    });
    const declared = await modelFromPrismaSchema();
    expect(live.enums).toEqual(declared.enums);
    expect(Object.keys(live.tables).sort()).toEqual(Object.keys(declared.tables).sort());
    for (const table of Object.keys(declared.tables)) {
      expect({ table, ...live.tables[table] }).toEqual({ table, ...declared.tables[table] });
    }
  });
});
