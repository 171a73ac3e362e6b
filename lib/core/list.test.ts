// The shared list helper on a real database: tenant scoping, filters, sorting with the id
// tie-break, pagination and the envelope.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createCustomer, createOrganization } from "../factories";
import { listPage, mapPage, sortOrder } from "./list";
import type { Principal } from "./principal";

const principalOf = (...organizationIds: string[]): Principal => ({
  kind: "access_token",
  id: "token",
  organizationIds,
  scopes: new Set(),
});

describe("sortOrder", () => {
  it("maps each criterion to its column and ends with id in the last criterion's direction", () => {
    expect(
      sortOrder([
        { field: "amount", direction: "desc" },
        { field: "created_at", direction: "asc" },
      ]),
    ).toEqual([{ amount: "desc" }, { created_at: "asc" }, { id: "asc" }]);
    expect(sortOrder([{ field: "name", direction: "desc" }])).toEqual([{ name: "desc" }, { id: "desc" }]);
  });

  it("uses a field's own ordering when one is given", () => {
    const columns = { customer: (direction: "asc" | "desc") => ({ customer: { email: direction } }) };
    expect(sortOrder([{ field: "customer", direction: "desc" }], columns)).toEqual([
      { customer: { email: "desc" } },
      { id: "desc" },
    ]);
  });

  it("orders by id alone when there is no criterion", () => {
    expect(sortOrder([])).toEqual([{ id: "asc" }]);
  });
});

describe("listPage", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    Object.assign(ids, { org: org.id, other: other.id });
    // Two customers share a name, so only the id tie-break orders them.
    for (const [email, name] of [
      ["carol@example.com", "Same"],
      ["alice@example.com", "Same"],
      ["bob@example.com", "Bob"],
    ] as const) {
      ids[email] = (await createCustomer(db, org.id, { email, name })).id;
    }
    await createCustomer(db, other.id, { email: "elsewhere@example.com", name: "Elsewhere" });
  });

  const emails = (page: { items: { email: string }[] }) => page.items.map((c) => c.email);
  const query = (
    sorting: { field: "email" | "name"; direction: "asc" | "desc" }[],
    page = 1,
    limit = 10,
  ) => ({
    page,
    limit,
    sorting,
  });

  it("lists only the principal's organizations, with the envelope", async () => {
    const db = await getDb();
    const page = await listPage(
      db.customer,
      principalOf(ids.org!),
      query([{ field: "email", direction: "asc" }]),
    );
    expect(emails(page)).toEqual(["alice@example.com", "bob@example.com", "carol@example.com"]);
    expect(page.pagination).toEqual({ total_count: 3, max_page: 1 });
    const both = principalOf(ids.org!, ids.other!);
    expect((await listPage(db.customer, both, query([]))).pagination.total_count).toBe(4);
    const narrowed = await listPage(db.customer, both, { ...query([]), organization_id: [ids.other!] });
    expect(emails(narrowed)).toEqual(["elsewhere@example.com"]);
  });

  it("never lets a filter widen the tenant scope", async () => {
    const db = await getDb();
    const page = await listPage(db.customer, principalOf(ids.org!), query([]), {
      where: { organization_id: ids.other! },
    });
    expect(page.items).toEqual([]);
    const foreign = await listPage(db.customer, principalOf(ids.org!), {
      ...query([]),
      organization_id: [ids.other!],
    });
    expect(foreign.pagination).toEqual({ total_count: 0, max_page: 0 });
  });

  it("sorts by several criteria, ties broken by id in the last criterion's direction", async () => {
    const db = await getDb();
    const [lowId, highId] = [ids["carol@example.com"]!, ids["alice@example.com"]!].sort();
    const byName = await listPage(
      db.customer,
      principalOf(ids.org!),
      query([{ field: "name", direction: "asc" }]),
    );
    expect(byName.items.map((c) => c.id)).toEqual([ids["bob@example.com"], lowId, highId]);
    const byNameDesc = await listPage(
      db.customer,
      principalOf(ids.org!),
      query([{ field: "name", direction: "desc" }]),
    );
    expect(byNameDesc.items.map((c) => c.id)).toEqual([highId, lowId, ids["bob@example.com"]]);
    const twoKeys = await listPage(
      db.customer,
      principalOf(ids.org!),
      query([
        { field: "name", direction: "desc" },
        { field: "email", direction: "asc" },
      ]),
    );
    expect(emails(twoKeys)).toEqual(["alice@example.com", "carol@example.com", "bob@example.com"]);
  });

  it("filters, pages and converts", async () => {
    const db = await getDb();
    const principal = principalOf(ids.org!);
    const sorting = [{ field: "email" as const, direction: "asc" as const }];
    const second = await listPage(db.customer, principal, query(sorting, 2, 2));
    expect(emails(second)).toEqual(["carol@example.com"]);
    expect(second.pagination).toEqual({ total_count: 3, max_page: 2 });
    const filtered = await listPage(db.customer, principal, query(sorting), { where: { name: "Same" } });
    expect(mapPage(filtered, (c) => c.email.split("@")[0])).toEqual({
      items: ["alice", "carol"],
      pagination: { total_count: 2, max_page: 1 },
    });
  });
});
