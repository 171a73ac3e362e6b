// The CSV export on PostgreSQL reads through a cursor (lib/db/cursor.ts): what that gives the
// download (one snapshot) and what it must not keep (its connection, once the client has gone).
// The rows and their order are checked against the list for every sorting in export.test.ts.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../core/principal";
import { getDb } from "../db/client";
import { createCustomer, createOrder, createOrganization, createProduct } from "../factories";
import { exportOrders } from "./export";
import { orderFiltersQuery } from "./schemas";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
let principal: Principal;
let organizationId: string;
let priceId: string;

async function openReaders(): Promise<number> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM pg_stat_activity
     WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE 'FETCH%'`;
  return rows[0]!.count;
}

const idsIn = (csv: string) =>
  csv
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0]);

describe.skipIf(!process.env.TEST_DATABASE_URL)("the orders export through a cursor", () => {
  beforeAll(async () => {
    const db = await getDb();
    organizationId = (await createOrganization(db)).id;
    priceId = (await createProduct(db, organizationId, {})).price.id;
    principal = {
      kind: "access_token",
      id: randomUUID(),
      organizationIds: [organizationId],
      scopes: new Set(["orders:read"]),
    };
  });

  /** Each test's orders are its own customer's, which its export filters by. */
  async function newCustomer() {
    return (await createCustomer(await getDb(), organizationId)).id;
  }

  async function newOrder(customerId: string, minute: number) {
    const db = await getDb();
    const order = await createOrder(db, organizationId, {
      customerId,
      priceId,
      order: { created_at: at(minute) },
      withBenefits: false,
    });
    return order.id;
  }

  it("reads every order from one snapshot: an order made during the download is not in it", async () => {
    const buyer = await newCustomer();
    const made = [];
    for (const minute of [5, 4, 3, 2]) made.push(await newOrder(buyer, minute));
    const db = await getDb();
    const query = orderFiltersQuery.parse({ sorting: ["-created_at"], customer_id: [buyer] });
    const { body } = await exportOrders(db, principal, query, { batchSize: 2 });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    // Newest first: an order older than all of them would come last, after the batches to come.
    const late = await newOrder(buyer, 1);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(idsIn(text)).toEqual(made);
    expect(idsIn(text)).not.toContain(late);
    expect(await openReaders()).toBe(0);
  });

  it("gives the cursor's connection back when the client goes away mid-download", async () => {
    const buyer = await newCustomer();
    for (let minute = 10; minute < 15; minute++) await newOrder(buyer, minute);
    const db = await getDb();
    const query = orderFiltersQuery.parse({ customer_id: [buyer] });
    const { body } = await exportOrders(db, principal, query, { batchSize: 1 });
    const reader = body.getReader();
    await reader.read();
    expect(await openReaders()).toBe(1);
    await reader.cancel();
    expect(await openReaders()).toBe(0);
  });
});
