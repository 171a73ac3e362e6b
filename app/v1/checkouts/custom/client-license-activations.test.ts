// The buyer's devices from the confirmation page, through the real handlers: the benefits list shows
// a key's activations only when its benefit has `enable_customer_admin`; DELETE .../license-keys/
// {id}/activations/{id} frees a slot of a key this checkout's order granted (204), refuses keys whose
// devices the seller manages (403), knows no other purchase's key or activation (404), and answers
// nothing before the checkout succeeded (403, as the benefits list).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createActivation,
  createBenefit,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as create } from "@/app/v1/checkouts/custom/route";
import { POST as confirm } from "@/app/v1/checkouts/custom/client/[client_secret]/confirm/route";
import { GET as benefits } from "@/app/v1/checkouts/custom/client/[client_secret]/benefits/route";
import * as activationRoute from "@/app/v1/checkouts/custom/client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";
import { DELETE as aliasDeactivate } from "@/app/v1/checkouts/client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";
import { POST as activate } from "@/app/v1/customer-portal/license-keys/activate/route";
import { deactivateCustomerActivation, listCustomerActivations } from "@/lib/license-keys/customer-admin";

const deactivate = activationRoute.DELETE;

let db: Db;
let token: string;
let organizationId: string;
let productId: string;
let managedBenefitId: string;
let sellerBenefitId: string;
const saved = process.env.RATE_LIMIT_IP_PER_MINUTE;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Acme Software" });
  organizationId = organization.id;
  token = (await createToken(db, organization.id)).token;
  const managed = await createBenefit(db, organization.id, {
    type: "license_keys",
    description: "Acme Studio key",
    properties: { prefix: "ACME", activations: { limit: 2, enable_customer_admin: true } },
  });
  const seller = await createBenefit(db, organization.id, {
    type: "license_keys",
    description: "Acme Plugins key",
    properties: { activations: { limit: 2, enable_customer_admin: false } },
  });
  managedBenefitId = managed.id;
  sellerBenefitId = seller.id;
  const product = await createProduct(db, organization.id, {
    price: { price_amount: 4900 },
    benefitIds: [managed.id, seller.id],
  });
  productId = product.product.id;
});

function restoreIpLimit() {
  if (saved === undefined) delete process.env.RATE_LIMIT_IP_PER_MINUTE;
  else process.env.RATE_LIMIT_IP_PER_MINUTE = saved;
}

afterAll(restoreIpLimit);

type Key = { id: string; key: string };

async function createSession() {
  const created = await call(create, { token, body: { product_id: productId } });
  expect(created.status).toBe(201);
  return { secret: created.body.client_secret as string, checkoutId: created.body.id as string };
}

async function confirmSession(secret: string, email: string) {
  const confirmed = await call(confirm, {
    params: { client_secret: secret },
    body: {
      customer_email: email,
      customer_name: "Jane Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
}

/** A paid, processed checkout: its secret and the two keys its order granted. */
async function purchase(email = `buyer-${randomUUID()}@example.com`) {
  const { secret, checkoutId } = await createSession();
  await confirmSession(secret, email);
  await runDueJobs(db, jobHandlers);
  const keyOf = (benefitId: string): Promise<Key> =>
    db.licenseKey.findFirstOrThrow({
      where: { benefit_id: benefitId, benefit_grant: { order: { checkout_id: checkoutId } } },
      select: { id: true, key: true },
    });
  return { secret, managed: await keyOf(managedBenefitId), seller: await keyOf(sellerBenefitId) };
}

async function activateKey(key: Key, label: string) {
  return call(activate, { body: { key: key.key, organization_id: organizationId, label } });
}

function remove(secret: string, licenseKeyId: string, activationId: string, handler = deactivate) {
  return call(handler, {
    method: "DELETE",
    params: { client_secret: secret, license_key_id: licenseKeyId, activation_id: activationId },
  });
}

async function keysShown(secret: string) {
  const res = await call(benefits, { params: { client_secret: secret } });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.items.map((item: any) => [item.benefit_id, item.license_key]));
}

describe("the buyer's devices in GET .../client/{client_secret}/benefits", () => {
  it("lists a key's current devices, oldest first, only when its benefit lets the buyer manage them", async () => {
    const { secret, managed, seller } = await purchase();
    const later = await createActivation(db, managed.id, {
      label: "Work desktop",
      created_at: new Date("2026-11-20T09:00:00.000Z"),
      meta: { os: "linux" },
      conditions: { major: 2 },
    });
    const earlier = await createActivation(db, managed.id, {
      label: "Jane's laptop",
      created_at: new Date("2026-11-19T08:30:00.000Z"),
    });
    await createActivation(db, managed.id, { label: "Old phone", deleted_at: new Date() });
    await createActivation(db, seller.id, { label: "Studio Mac" });

    const keys = await keysShown(secret);
    // The seller manages the plugins key's devices: the buyer sees nothing more than before.
    expect(keys[sellerBenefitId].activations).toBeNull();
    // Only what the buyer named and when: never the software's meta or conditions.
    expect(keys[managedBenefitId]).toEqual({
      id: managed.id,
      key: managed.key,
      display_key: `****-${managed.key.slice(-6)}`,
      status: "granted",
      expires_at: null,
      limit_activations: 2,
      limit_usage: null,
      activations: [
        { id: earlier.id, label: "Jane's laptop", created_at: "2026-11-19T08:30:00.000Z" },
        { id: later.id, label: "Work desktop", created_at: "2026-11-20T09:00:00.000Z" },
      ],
    });
  });

  it("shows an empty list when the key has no device yet", async () => {
    const { secret } = await purchase();
    expect((await keysShown(secret))[managedBenefitId].activations).toEqual([]);
  });
});

describe("DELETE .../client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}", () => {
  it("frees the slot (204): deleted_at is set, the list drops it and the key activates again", async () => {
    const { secret, managed } = await purchase();
    const laptop = (await activateKey(managed, "Laptop")).body;
    expect((await activateKey(managed, "Desktop")).status).toBe(200);
    const full = await activateKey(managed, "Tablet");
    expect(full.status).toBe(403);
    expect(full.body.detail).toBe("License key activation limit already reached");

    const res = await remove(secret, managed.id, laptop.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(res.headers.get("ratelimit-limit")).toBeTruthy();
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: laptop.id } });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.modified_at).toEqual(row.deleted_at);
    expect((await keysShown(secret))[managedBenefitId].activations.map((a: any) => a.label)).toEqual([
      "Desktop",
    ]);

    const again = await activateKey(managed, "Tablet");
    expect(again.status).toBe(200);
    expect(again.body.label).toBe("Tablet");
    // Already deactivated: not found, and nothing else changes.
    const twice = await remove(secret, managed.id, laptop.id);
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ error: "ResourceNotFound", detail: "License key activation not found." });
    expect(
      await db.licenseKeyActivation.count({ where: { license_key_id: managed.id, deleted_at: null } }),
    ).toBe(2);
  });

  it("answers the same on the /v1/checkouts/client/... alias, and whatever the key's status", async () => {
    const { secret, managed } = await purchase();
    const device = (await activateKey(managed, "Laptop")).body;
    await db.licenseKey.update({ where: { id: managed.id }, data: { status: "revoked" } });
    const res = await remove(secret, managed.id, device.id, aliasDeactivate);
    expect(res.status).toBe(204);
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.deleted_at).not.toBeNull();
  });

  it("refuses (403) a key whose benefit leaves devices to the seller, and changes nothing", async () => {
    const { secret, seller } = await purchase();
    const device = (await activateKey(seller, "Laptop")).body;
    const res = await remove(secret, seller.id, device.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "NotPermitted",
      detail: "This license key's devices are managed by the seller.",
    });
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.deleted_at).toBeNull();
    expect(row.modified_at).toBeNull();
  });

  it("knows no key or activation of another purchase (404), even the same buyer's", async () => {
    const email = `repeat-${randomUUID()}@example.com`;
    const mine = await purchase(email);
    const theirs = await purchase();
    const sameBuyerLater = await purchase(email);
    const myDevice = (await activateKey(mine.managed, "Mine")).body;
    const theirDevice = (await activateKey(theirs.managed, "Theirs")).body;
    const laterDevice = (await activateKey(sameBuyerLater.managed, "Later")).body;

    const cases = [
      [mine.secret, theirs.managed.id, theirDevice.id, "License key not found."],
      // The secret names one purchase: the same customer's other order is not reachable through it.
      [mine.secret, sameBuyerLater.managed.id, laterDevice.id, "License key not found."],
      // My key with another key's activation.
      [mine.secret, mine.managed.id, theirDevice.id, "License key activation not found."],
      [mine.secret, mine.managed.id, randomUUID(), "License key activation not found."],
      [mine.secret, randomUUID(), myDevice.id, "License key not found."],
      ["cs_unknown", mine.managed.id, myDevice.id, "Not found"],
    ] as const;
    for (const [secret, keyId, activationId, detail] of cases) {
      const res = await remove(secret, keyId, activationId);
      expect(res.status, `${keyId} ${activationId}`).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail });
    }
    const current = await db.licenseKeyActivation.count({
      where: { id: { in: [myDevice.id, theirDevice.id, laterDevice.id] }, deleted_at: null },
    });
    expect(current).toBe(3);
  });

  it("refuses (403) a checkout that is open or not processed yet, as the benefits list does", async () => {
    const open = await createSession();
    const early = await remove(open.secret, randomUUID(), randomUUID());
    expect(early.status).toBe(403);
    expect(early.body).toEqual({
      error: "NotPermitted",
      detail: "Benefits are available once the checkout has succeeded.",
    });
    await confirmSession(open.secret, `early-${randomUUID()}@example.com`);
    expect((await remove(open.secret, randomUUID(), randomUUID())).status).toBe(403);
    expect((await call(benefits, { params: { client_secret: open.secret } })).status).toBe(403);
  });

  it("answers bad paths with one 422 listing every problem, and other methods with 405", async () => {
    const { secret, managed } = await purchase();
    const device = (await activateKey(managed, "Laptop")).body;
    const bad = await remove("x".repeat(129), "not-a-uuid", "1; DROP TABLE license_keys");
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((p: any) => [p.type, p.loc])).toEqual([
      ["string_too_long", ["path", "client_secret"]],
      ["uuid_parsing", ["path", "license_key_id"]],
      ["uuid_parsing", ["path", "activation_id"]],
    ]);
    // A NUL byte cannot reach PostgreSQL.
    const nul = await remove(secret, managed.id, `${device.id}\u0000`);
    expect(nul.status).toBe(422);
    expect(nul.body.detail.map((p: any) => [p.type, p.loc])).toEqual([
      ["value_error", ["path", "activation_id"]],
    ]);
    expect(
      (await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: device.id } })).deleted_at,
    ).toBeNull();
    for (const method of ["GET", "POST", "PUT", "PATCH"] as const) {
      const res = await call(activationRoute[method], {
        method,
        params: { client_secret: secret, license_key_id: managed.id, activation_id: device.id },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("DELETE");
    }
    // Upper-case ids name the same rows.
    const upper = await remove(secret, managed.id.toUpperCase(), device.id.toUpperCase());
    expect(upper.status).toBe(204);
  });

  it("pays from the client address's budget, like the other client routes", async () => {
    const { secret, managed } = await purchase();
    process.env.RATE_LIMIT_IP_PER_MINUTE = "2";
    try {
      const headers = fromPeer("203.0.113.77");
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(deactivate, {
          method: "DELETE",
          headers,
          params: { client_secret: secret, license_key_id: managed.id, activation_id: randomUUID() },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      restoreIpLimit();
    }
  });
});

describe("the service, as the customer portal will call it (every key of the customer)", () => {
  it("reaches each of the customer's keys, whichever purchase granted them, and no one else's", async () => {
    const email = `portal-${randomUUID()}@example.com`;
    const first = await purchase(email);
    const second = await purchase(email);
    const stranger = await purchase();
    const customerId = (await db.licenseKey.findUniqueOrThrow({ where: { id: first.managed.id } }))
      .customer_id;
    const owner = { customerId };
    const device = await createActivation(db, second.managed.id, { label: "Laptop" });

    expect(await listCustomerActivations(db, owner, first.managed.id)).toEqual([]);
    expect(await listCustomerActivations(db, owner, second.managed.id)).toEqual([
      { id: device.id, label: "Laptop", created_at: device.created_at },
    ]);
    expect(await listCustomerActivations(db, owner, first.seller.id)).toBeNull();
    await expect(listCustomerActivations(db, owner, stranger.managed.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      deactivateCustomerActivation(db, owner, first.seller.id, randomUUID()),
    ).rejects.toMatchObject({ status: 403, code: "NotPermitted" });

    const now = new Date("2026-11-27T04:00:00.000Z");
    await deactivateCustomerActivation(db, owner, second.managed.id, device.id, now);
    const row = await db.licenseKeyActivation.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.deleted_at).toEqual(now);
    expect(await listCustomerActivations(db, owner, second.managed.id)).toEqual([]);
  });
});
