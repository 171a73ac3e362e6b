// The orders list's count on a fresh embedded database in a folder, as `npm start` makes on its
// first run, rather than one loaded from the test suite's migrated dump: PGlite read the database's
// array types when it opened, before the migrations created the enums, and the count's
// "PriceType"[] parameter must still reach PostgreSQL as an array (lib/db/client.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { createCustomer, createOrder, createOrganization, createProduct } from "@/lib/factories";
import { countOrders } from "./count";
import { orderFiltersQuery } from "./schemas";

describe.skipIf(!!process.env.TEST_DATABASE_URL)("the orders count on a new embedded database", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-embedded-"));
  afterAll(async () => {
    await closeDb();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("filters by price type", async () => {
    process.env.DATA_DIR = folder;
    const db = await getDb();
    const org = await createOrganization(db);
    const customer = await createCustomer(db, org.id);
    const { price } = await createProduct(db, org.id, {});
    await createOrder(db, org.id, { customerId: customer.id, priceId: price.id });
    const principal = {
      kind: "access_token" as const,
      id: "t",
      organizationIds: [org.id],
      scopes: new Set<string>(),
    };
    const count = (type: string) =>
      countOrders(db, principal, orderFiltersQuery.parse({ product_price_type: [type] }));
    expect([await count("one_time"), await count("recurring")]).toEqual([1, 0]);
  });
});
