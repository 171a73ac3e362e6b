// The order number's counter has a row of its own (invoice_counters): a purchase holds it until it
// commits, and a merchant saving the organization's settings meanwhile must not wait for it.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createCustomer, createOrganization, createProduct, createUnnumberedOrder } from "@/lib/factories";
import { numberOrder } from "./invoice-numbers";

// PGlite has one connection: a second transaction would wait for the first, whatever it locks.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the counter's lock", () => {
  it("leaves the organization row free while a purchase being numbered is open", async () => {
    const db = await getDb();
    const org = await createOrganization(db, { customer_invoice_prefix: "HOLD" });
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id, {});
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let numbered!: () => void;
    const isNumbered = new Promise<void>((resolve) => (numbered = resolve));
    const purchase = db.$transaction(
      async (tx) => {
        const order = await createUnnumberedOrder(tx, org.id, { customerId: customer.id, priceId: price.id });
        const number = await numberOrder(tx, org.id, order.id);
        numbered();
        await held;
        return number;
      },
      { timeout: 10_000 },
    );
    await isNumbered;
    // The settings save, refused rather than left waiting if the row were locked.
    const saved = await db
      .$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '300ms'`;
        return tx.organization.update({ where: { id: org.id }, data: { name: "Renamed meanwhile" } });
      })
      .finally(release);
    expect(saved.name).toBe("Renamed meanwhile");
    expect(await purchase).toBe("HOLD-0001");
    expect(
      (await db.invoiceCounter.findUniqueOrThrow({ where: { organization_id: org.id } })).next_number,
    ).toBe(2);
  });
});
