// Migration 20261203010000_invoice_counters moves each organization's next order number from its
// row to `invoice_counters`: applied to a database holding organizations, the numbers carry on.
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { pgliteRunner } from "@/lib/db/client";
import { applyMigrations, readMigrations } from "@/lib/db/migrate";

const MIGRATION = "20261203010000_invoice_counters";

describe(`migration ${MIGRATION}`, () => {
  it("keeps every organization's next number; an organization still at 1 needs no row", async () => {
    const db = await PGlite.create("memory://");
    const runner = pgliteRunner(db);
    const all = readMigrations();
    const at = all.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    await applyMigrations(runner, all.slice(0, at));
    await db.query(
      `INSERT INTO organizations (id, name, slug, customer_invoice_prefix, customer_invoice_next_number)
       VALUES ('00000000-0000-4000-8000-000000000001', 'Busy', 'busy', 'BUSY', 42),
              ('00000000-0000-4000-8000-000000000002', 'New', 'new', 'NEW', 1)`,
    );
    await applyMigrations(runner, all);
    const { rows } = await db.query(`SELECT organization_id, next_number FROM invoice_counters`);
    expect(rows).toEqual([{ organization_id: "00000000-0000-4000-8000-000000000001", next_number: 42 }]);
    await db.close();
  });
});
