// Which statements run prepared (./statement-names.ts), and that a prepared one survives what a
// rolling deploy does to its table: another instance's migration adding a column.
import { describe, expect, it } from "vitest";
import { closeDb, getDb } from "./client";
import { prismaStatementName, statementNamer } from "./statement-names";

describe("statement names", () => {
  it("names a statement by its text, the same name every time", () => {
    const name = statementNamer("t", 10);
    const first = name("SELECT 1 WHERE $1::int = 1");
    expect(first).toMatch(/^t_[0-9a-f]{24}$/);
    expect(name("SELECT 1 WHERE $1::int = 1")).toBe(first);
    expect(name("SELECT 2 WHERE $1::int = 1")).not.toBe(first);
  });

  it("names at most `limit` texts; the others run unnamed, the named ones keep their names", () => {
    const name = statementNamer("t", 2);
    const a = name("SELECT 'a'");
    const b = name("SELECT 'b'");
    expect(name("SELECT 'c'")).toBeUndefined();
    expect([name("SELECT 'a'"), name("SELECT 'b'")]).toEqual([a, b]);
  });

  it("leaves unnamed a raw statement whose result columns may be `*`, not Prisma's own", () => {
    expect(
      prismaStatementName("SELECT * FROM payment_attempts WHERE id = $1::uuid FOR UPDATE"),
    ).toBeUndefined();
    expect(
      prismaStatementName("UPDATE jobs SET status = 'running' WHERE id = $1 RETURNING *"),
    ).toBeUndefined();
    expect(prismaStatementName("SELECT r.*, 1 AS x FROM checkout_sessions r WHERE id = $1")).toBeUndefined();
    expect(prismaStatementName("SELECT count(*) FROM orders WHERE organization_id = $1")).toBeUndefined();
    expect(prismaStatementName("UPDATE jobs SET status = 'running' WHERE id = $1 RETURNING id")).toMatch(
      /^prisma_/,
    );
    // Prisma's relation reads have a `*` inside a subquery: their result columns are named.
    expect(
      prismaStatementName(
        `SELECT "t0"."id", "t1"."benefit_id" FROM "public"."products" AS "t0" LEFT JOIN LATERAL (SELECT "t2".* FROM "public"."product_benefits" AS "t2") AS "t1" ON true`,
      ),
    ).toMatch(/^prisma_/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("prepared statements on PostgreSQL", () => {
  it("Prisma's statements are prepared on the connection and go on working after a column is added", async () => {
    const db = await getDb();
    const read = () => db.organization.findMany({ where: { name: "no such organization" }, take: 1 });
    const prepared = await db.$transaction(async (tx) => {
      await tx.organization.findMany({ where: { name: "no such organization" }, take: 1 });
      return tx.$queryRawUnsafe<{ statement: string }[]>(
        "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'prisma_%'",
      );
    });
    expect(prepared.some(({ statement }) => statement.includes(`FROM "public"."organizations"`))).toBe(true);
    // Every pooled connection prepares it, then a newer instance's migration adds a column.
    await Promise.all(Array.from({ length: 20 }, read));
    await db.$executeRawUnsafe("ALTER TABLE organizations ADD COLUMN added_by_a_newer_release text");
    try {
      const results = await Promise.all(Array.from({ length: 20 }, read));
      expect(results.every((rows) => rows.length === 0)).toBe(true);
    } finally {
      await db.$executeRawUnsafe("ALTER TABLE organizations DROP COLUMN added_by_a_newer_release");
    }
  });

  it("DATABASE_PREPARED_STATEMENTS=false sends every statement unnamed (a pooler in transaction mode)", async () => {
    const saved = process.env.DATABASE_PREPARED_STATEMENTS;
    process.env.DATABASE_PREPARED_STATEMENTS = "false";
    try {
      const db = await getDb();
      const prepared = await db.$transaction(async (tx) => {
        await tx.organization.findMany({ where: { name: "no such organization" }, take: 1 });
        return tx.$queryRawUnsafe<{ name: string }[]>("SELECT name FROM pg_prepared_statements");
      });
      expect(prepared).toEqual([]);
    } finally {
      await closeDb();
      if (saved === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
      else process.env.DATABASE_PREPARED_STATEMENTS = saved;
    }
  });
});
