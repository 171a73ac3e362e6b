// The buyer's own details in the portal through the real handlers: PATCH customers/me corrects the
// billing name, address and tax ID (only the fields sent, through the customer service that emits
// customer.updated; nothing of another customer's), refused input changes nothing; GET customer-session/user says who the
// session is; GET customers/{id} is the buyer by their id; a merchant's token is 401 on each.
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createPortalFixture, type PortalIds } from "@/test/portal-fixture";
import { GET as me, PATCH as patchMe } from "./customers/me/route";
import { GET as customerById } from "./customers/[id]/route";
import { GET as sessionUser } from "./customer-session/user/route";

let db: Db;
let ids: PortalIds;
let jane: string;
let bob: string;
let merchant: string;

beforeAll(async () => {
  ({ db, ids, jane, bob, merchant } = await createPortalFixture());
});

const address = { country: "DE", line1: "Hauptstraße 1", city: "Berlin", postal_code: "10115" };

describe("PATCH /v1/customer-portal/customers/me", () => {
  it("corrects the billing name, address and tax ID, and only those sent", async () => {
    const before = await db.customer.findUniqueOrThrow({ where: { id: ids.jane } });
    const changed = await call(patchMe, {
      method: "PATCH",
      token: jane,
      body: { billing_name: "Jane Doe GmbH", billing_address: address, tax_id: ["DE123456789", "eu_vat"] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: ids.jane,
      name: "Jane Doe GmbH",
      billing_name: "Jane Doe GmbH",
      billing_address: { ...address, line2: null, state: null },
      tax_id: ["DE123456789", "eu_vat"],
      email: before.email,
    });
    const row = await db.customer.findUniqueOrThrow({ where: { id: ids.jane } });
    expect(row).toMatchObject({ name: "Jane Doe GmbH", tax_id: "DE123456789", tax_id_type: "eu_vat" });
    expect(row.modified_at).not.toBeNull();

    // Only the tax ID: the name and address stay; null clears it.
    const cleared = await call(patchMe, { method: "PATCH", token: jane, body: { tax_id: null } });
    expect(cleared.body).toMatchObject({ billing_name: "Jane Doe GmbH", tax_id: null });
    expect((await call(me, { token: jane })).body).toMatchObject({ billing_address: { city: "Berlin" } });
    // Bob's details did not move.
    expect((await db.customer.findUniqueOrThrow({ where: { id: ids.bob } })).tax_id).toBeNull();
  });

  it("refuses what is not a billing detail and changes nothing", async () => {
    const before = await db.customer.findUniqueOrThrow({ where: { id: ids.bob } });
    const bad = await call(patchMe, {
      method: "PATCH",
      token: bob,
      body: { billing_address: { country: "Germany" }, tax_id: ["", "eu_vat"] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((p: { loc: unknown[] }) => p.loc[1])).toEqual(["billing_address", "tax_id"]);
    expect(await db.customer.findUniqueOrThrow({ where: { id: ids.bob } })).toEqual(before);
    expect((await call(patchMe, { method: "PATCH", token: merchant, body: {} })).status).toBe(401);
  });
});

describe("GET /v1/customer-portal/customer-session/user", () => {
  it("says who the session is", async () => {
    const bobRow = await db.customer.findUniqueOrThrow({ where: { id: ids.bob } });
    const user = await call(sessionUser, { token: bob });
    expect(user).toMatchObject({ status: 200 });
    expect(user.body).toEqual({
      type: "customer",
      name: bobRow.name,
      email: bobRow.email,
      customer_id: ids.bob,
      member_id: null,
      role: null,
    });
    expect((await call(sessionUser, { token: merchant })).status).toBe(401);
  });
});

describe("GET /v1/customer-portal/customers/{id}", () => {
  it("answers the signed-in buyer by their id as customers/me does; another id is 404", async () => {
    const own = await call(customerById, { token: jane, params: { id: ids.jane } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await call(me, { token: jane })).body);
    // Bob is a customer of the same organization: not Jane's to read.
    expect((await call(customerById, { token: jane, params: { id: ids.bob } })).status).toBe(404);
    expect((await call(customerById, { token: jane, params: { id: "not-an-id" } })).status).toBe(422);
    expect((await call(customerById, { token: merchant, params: { id: ids.jane } })).status).toBe(401);
  });
});
