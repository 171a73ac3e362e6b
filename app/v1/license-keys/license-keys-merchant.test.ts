// What the dashboard needs of the merchant's key routes: a search by the whole key or its last
// characters, the order that issued each key, and deactivating one of a key's activations.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createActivation,
  createBenefit,
  createCustomer,
  createLicenseKey,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call } from "@/test/http";
import { GET as list } from "./route";
import { GET as getOne } from "./[id]/route";
import { DELETE as deactivate, GET as getActivation } from "./[id]/activations/[activation_id]/route";

let db: Db;
const t = { token: "", readOnly: "", other: "" };
const ids = { org: "", order: "", issued: "", byHand: "", foreignKey: "", foreignActivation: "" };
let issuedKey = "";

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  ids.org = org.id;
  t.token = (await createToken(db, org.id)).token;
  t.readOnly = (await createToken(db, org.id, { scopes: ["license_keys:read"] })).token;
  t.other = (await createToken(db, other.id)).token;
  const benefit = await createBenefit(db, org.id, { type: "license_keys", properties: { prefix: "ACME" } });
  const { price } = await createProduct(db, org.id, { benefitIds: [benefit.id] });
  const customer = await createCustomer(db, org.id);
  ids.order = (await createOrder(db, org.id, { customerId: customer.id, priceId: price.id })).id;
  const issued = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customer.id } });
  ids.issued = issued.id;
  issuedKey = issued.key;
  ids.byHand = (
    await createLicenseKey(db, org.id, {
      benefitId: benefit.id,
      customerId: customer.id,
      key: { key: "ACME-MADE-BY-HAND-0000-AB12", created_at: new Date(Date.UTC(2020, 0, 1)) },
    })
  ).id;
  const stranger = await createCustomer(db, other.id);
  const foreignBenefit = await createBenefit(db, other.id, { type: "license_keys" });
  ids.foreignKey = (
    await createLicenseKey(db, other.id, { benefitId: foreignBenefit.id, customerId: stranger.id })
  ).id;
  ids.foreignActivation = (await createActivation(db, ids.foreignKey, { label: "Theirs" })).id;
});

const search = async (query: string) => {
  const response = await call(list, { token: t.token, query: { query } });
  expect(response.status).toBe(200);
  return response.body.items.map((key: { id: string }) => key.id);
};

describe("GET /v1/license-keys?query=", () => {
  it("finds a key by the whole key or its last characters, in any case", async () => {
    expect(await search(issuedKey)).toEqual([ids.issued]);
    expect(await search(issuedKey.slice(-6).toLowerCase())).toEqual([ids.issued]);
    expect(await search("ab12")).toEqual([ids.byHand]);
    expect(await search("ACME")).toEqual([]); // a prefix is not an ending
    expect(await search("%")).toEqual([]); // wildcards are literal
  });

  it("refuses an over-long search with a 422 at the parameter", async () => {
    const response = await call(list, { token: t.token, query: { query: "x".repeat(129) } });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc: ["query", "query"], type: "string_too_long" });
  });
});

describe("order_id on the merchant's keys", () => {
  it("is the order whose grant issued the key, and null for a key made by hand", async () => {
    const listed = await call(list, { token: t.token, query: { sorting: "created_at" } });
    expect(listed.body.items.map((key: { order_id: string | null }) => key.order_id)).toEqual([
      null,
      ids.order,
    ]);
    const one = await call(getOne, { token: t.token, params: { id: ids.issued } });
    expect(one.status).toBe(200);
    expect(one.body.order_id).toBe(ids.order);
  });
});

describe("DELETE /v1/license-keys/{id}/activations/{activation_id}", () => {
  it("frees the slot at once: 204, then the activation reads as gone and the key lists one fewer", async () => {
    const activation = await createActivation(db, ids.issued, { label: "Lost laptop" });
    const keep = await createActivation(db, ids.issued, { label: "Desktop" });
    const response = await call(deactivate, {
      token: t.token,
      method: "DELETE",
      params: { id: ids.issued, activation_id: activation.id },
    });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    const stored = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: activation.id } });
    expect(stored.deleted_at).toBeInstanceOf(Date);
    const read = await call(getActivation, {
      token: t.token,
      params: { id: ids.issued, activation_id: activation.id },
    });
    expect(read.status).toBe(404);
    const key = await call(getOne, { token: t.token, params: { id: ids.issued } });
    expect(key.body.activations.map((a: { id: string }) => a.id)).toEqual([keep.id]);
    const again = await call(deactivate, {
      token: t.token,
      method: "DELETE",
      params: { id: ids.issued, activation_id: activation.id },
    });
    expect(again.status).toBe(404);
  });

  it("is 404 for another organization's activation and leaves it in place", async () => {
    const response = await call(deactivate, {
      token: t.token,
      method: "DELETE",
      params: { id: ids.foreignKey, activation_id: ids.foreignActivation },
    });
    expect(response.status).toBe(404);
    const stored = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: ids.foreignActivation } });
    expect(stored.deleted_at).toBeNull();
  });

  it("needs license_keys:write", async () => {
    const activation = await createActivation(db, ids.issued, { label: "Kept" });
    const response = await call(deactivate, {
      token: t.readOnly,
      method: "DELETE",
      params: { id: ids.issued, activation_id: activation.id },
    });
    expect(response.status).toBe(403);
    expect(response.body.error_description).toBe(
      "The access token does not have the required scope: license_keys:write.",
    );
  });
});
