import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import {
  createActivation,
  createBenefit,
  createCheckout,
  createCustomer,
  createLicenseKey,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { call, type CallOptions } from "@/test/http";
import { GET as getOne, PATCH as update } from "@/app/v1/license-keys/[id]/route";
import { POST as activate } from "@/app/v1/customer-portal/license-keys/activate/route";
import { PATCH as clientUpdate } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import { ApiError } from "../core/errors";
import { route } from "./handler";
import { CLAIM_HEARTBEAT_MS, CLAIM_LEASE_MS, licenseKeyScope, withIdempotency } from "./idempotency";

let db: Db;
let orgId: string;
let token: string;
let sameOrgToken: string;
let otherToken: string;
let benefitId: string;
let customerId: string;
let otherKeyId: string;

const HEADER = "Idempotency-Key";
let sequence = 0;
const newKey = () => `key-${++sequence}-${Math.random().toString(36).slice(2)}`;

async function newLicenseKey(limitActivations: number | null = null) {
  return createLicenseKey(db, orgId, {
    benefitId,
    customerId,
    key: { limit_activations: limitActivations },
  });
}

function patch(id: string, body: unknown, key: string | null, options: CallOptions = {}) {
  return call(update, {
    method: "PATCH",
    token,
    path: `/v1/license-keys/${id}`,
    params: { id },
    body,
    headers: key === null ? {} : { [HEADER]: key },
    ...options,
  });
}

const row = (key: string) => db.idempotencyKey.findFirst({ where: { key } });

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  const other = await createOrganization(db);
  orgId = org.id;
  token = (await createToken(db, org.id)).token;
  sameOrgToken = (await createToken(db, org.id)).token;
  otherToken = (await createToken(db, other.id)).token;
  benefitId = (await createBenefit(db, org.id, { type: "license_keys", properties: {} })).id;
  customerId = (await createCustomer(db, org.id)).id;
  const otherBenefit = await createBenefit(db, other.id, { type: "license_keys", properties: {} });
  const otherCustomer = await createCustomer(db, other.id);
  otherKeyId = (
    await createLicenseKey(db, other.id, { benefitId: otherBenefit.id, customerId: otherCustomer.id })
  ).id;
});

describe("Idempotency-Key on PATCH /v1/license-keys/{id}", () => {
  it("replays the first answer for the same key and body, without running again", async () => {
    const licenseKey = await newLicenseKey();
    const key = newKey();
    const first = await patch(licenseKey.id, { usage: 3 }, key);
    expect(first.status).toBe(200);
    expect(first.body.usage).toBe(3);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // Changed behind the API's back: a second run would set usage back to 3.
    await db.licenseKey.update({ where: { id: licenseKey.id }, data: { usage: 7 } });

    const second = await patch(licenseKey.id, { usage: 3 }, key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(second.headers.get("ratelimit-limit")).not.toBeNull();
    const stored = await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } });
    expect(stored.usage).toBe(7);
    expect(stored.modified_at?.toISOString()).toBe(first.body.modified_at);
    expect(await row(key)).toMatchObject({ status: "completed", response_status: 200, method: "PATCH" });
  });

  it("refuses the same key with a different body, path or method", async () => {
    const licenseKey = await newLicenseKey();
    const another = await newLicenseKey();
    const key = newKey();
    expect((await patch(licenseKey.id, { usage: 1 }, key)).status).toBe(200);
    const conflict = {
      status: 409,
      body: { error: "ConflictError", detail: "Idempotency key was used with a different request." },
    };
    expect(await patch(licenseKey.id, { usage: 2 }, key)).toMatchObject(conflict);
    expect(await patch(another.id, { usage: 1 }, key)).toMatchObject(conflict);
    expect(await patch(licenseKey.id, { usage: 1 }, key, { query: { x: 1 } })).toMatchObject(conflict);
    const stored = await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } });
    expect(stored.usage).toBe(1);
  });

  it("answers a malformed key with 422 at the header, along with the body's problems", async () => {
    const licenseKey = await newLicenseKey();
    const long = "k".repeat(256);
    const res = await patch(licenseKey.id, { usage: -1 }, long);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("RequestValidationError");
    expect(res.body.detail).toContainEqual({
      type: "string_too_long",
      loc: ["header", HEADER],
      msg: "String should have at most 255 characters",
      // A 422 echoes at most 200 characters of what it refused.
      input: `${long.slice(0, 199)}…`,
    });
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: ["body", "usage"] }));
    const empty = await patch(licenseKey.id, { usage: 1 }, "");
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toEqual([
      expect.objectContaining({ type: "string_too_short", loc: ["header", HEADER], input: "" }),
    ]);
    const longest = await patch(licenseKey.id, { usage: 1 }, "k".repeat(255));
    expect(longest.status).toBe(200);
  });

  it("changes nothing without the header", async () => {
    const licenseKey = await newLicenseKey();
    const before = await db.idempotencyKey.count();
    const first = await patch(licenseKey.id, { usage: 1 }, null);
    const second = await patch(licenseKey.id, { usage: 1 }, null);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.modified_at).not.toBe(first.body.modified_at);
    expect(await db.idempotencyKey.count()).toBe(before);
  });

  it("ignores the header on GET", async () => {
    const licenseKey = await newLicenseKey();
    const res = await call(getOne, {
      token,
      path: `/v1/license-keys/${licenseKey.id}`,
      params: { id: licenseKey.id },
      headers: { [HEADER]: "x".repeat(300) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.idempotencyKey.count({ where: { key: "x".repeat(300) } })).toBe(0);
  });

  it("keeps the keys of different tokens apart", async () => {
    const licenseKey = await newLicenseKey();
    const key = newKey();
    const mine = await patch(licenseKey.id, { usage: 1 }, key);
    const sameOrg = await patch(licenseKey.id, { usage: 2 }, key, { token: sameOrgToken });
    const otherOrg = await patch(otherKeyId, { usage: 3 }, key, { token: otherToken });
    expect([mine.status, sameOrg.status, otherOrg.status]).toEqual([200, 200, 200]);
    expect(sameOrg.headers.get("idempotent-replayed")).toBeNull();
    expect(otherOrg.headers.get("idempotent-replayed")).toBeNull();
    expect(sameOrg.body.usage).toBe(2);
    expect(otherOrg.body.usage).toBe(3);
    expect(await db.idempotencyKey.count({ where: { key } })).toBe(3);
  });

  it("replays a client error the same way", async () => {
    const key = newKey();
    const first = await patch(otherKeyId, { usage: 1 }, key);
    expect(first).toMatchObject({ status: 404, body: { error: "ResourceNotFound" } });
    const second = await patch(otherKeyId, { usage: 1 }, key);
    expect(second.status).toBe(404);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");

    // A rule the service checks: stored as well, even once the state would allow it.
    const licenseKey = await newLicenseKey();
    const activation = await createActivation(db, licenseKey.id);
    await createActivation(db, licenseKey.id);
    const refusalKey = newKey();
    const refused = await patch(licenseKey.id, { limit_activations: 1 }, refusalKey);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(["body", "limit_activations"]);
    await db.licenseKeyActivation.delete({ where: { id: activation.id } });
    const replayed = await patch(licenseKey.id, { limit_activations: 1 }, refusalKey);
    expect(replayed).toMatchObject({ status: 422, body: refused.body });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  });

  it("runs again once the key has expired", async () => {
    const licenseKey = await newLicenseKey();
    const key = newKey();
    const first = await patch(licenseKey.id, { usage: 4 }, key);
    await db.licenseKey.update({ where: { id: licenseKey.id }, data: { usage: 0 } });
    await db.idempotencyKey.updateMany({ where: { key }, data: { expires_at: new Date(Date.now() - 1000) } });
    const again = await patch(licenseKey.id, { usage: 4 }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.modified_at).not.toBe(first.body.modified_at);
    expect((await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } })).usage).toBe(4);
    const stored = await row(key);
    expect(stored!.expires_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    // An expired key may even be reused for another request.
    await db.idempotencyKey.updateMany({ where: { key }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect((await patch(licenseKey.id, { usage: 5 }, key)).status).toBe(200);
  });

  it("refuses a duplicate while the first is in flight, and takes over a crashed one", async () => {
    const licenseKey = await newLicenseKey();
    const key = newKey();
    expect((await patch(licenseKey.id, { usage: 1 }, key)).status).toBe(200);
    await db.idempotencyKey.updateMany({
      where: { key },
      data: { status: "in_flight", response_status: null, response_ciphertext: null },
    });
    expect(await patch(licenseKey.id, { usage: 1 }, key)).toMatchObject({
      status: 409,
      body: { error: "ConflictError", detail: "A request with this idempotency key is in progress." },
    });
    // A killed process renews nothing: its claim's lease runs out seconds after the kill (here one
    // second ago, claimed 11 seconds ago), and the retry takes the claim over at once.
    const claimedAt = Date.now() - CLAIM_LEASE_MS - 1000;
    await db.idempotencyKey.updateMany({
      where: { key },
      data: { created_at: new Date(claimedAt), lease_expires_at: new Date(claimedAt + CLAIM_LEASE_MS) },
    });
    const takenOver = await patch(licenseKey.id, { usage: 1 }, key);
    expect(takenOver.status).toBe(200);
    expect(takenOver.headers.get("idempotent-replayed")).toBeNull();
    expect(await row(key)).toMatchObject({ status: "completed", response_status: 200 });
  });

  it("keeps a running request's claim alive by its heartbeat, however long it runs", async () => {
    // Only the heartbeat's timer and the clock are faked: the test moves them on instead of waiting.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      const request = {
        scope: `test:${newKey()}`,
        key: newKey(),
        method: "POST",
        path: "/v1/test",
        requestHash: "hash",
      };
      let finishRun!: () => void;
      const running = withIdempotency(db, request, async () => {
        await new Promise<void>((resolve) => (finishRun = resolve));
        return new Response(null, { status: 204 });
      });
      const claimRow = () => db.idempotencyKey.findFirstOrThrow({ where: { key: request.key } });
      await vi.waitFor(
        async () => expect(await db.idempotencyKey.findFirst({ where: { key: request.key } })).not.toBeNull(),
        {
          timeout: 5000,
          interval: 5,
        },
      );
      const first = (await claimRow()).lease_expires_at!.getTime();
      expect(first).toBeGreaterThan(Date.now());
      expect(first).toBeLessThanOrEqual(Date.now() + CLAIM_LEASE_MS);
      // Past the first lease: each beat pushed it further, so a duplicate is still refused.
      await vi.advanceTimersByTimeAsync(CLAIM_HEARTBEAT_MS);
      let renewed = first;
      await vi.waitFor(
        async () => {
          renewed = (await claimRow()).lease_expires_at!.getTime();
          expect(renewed).not.toBe(first);
        },
        { timeout: 5000, interval: 5 },
      );
      expect(renewed).toBeGreaterThan(first);
      await expect(
        withIdempotency(db, request, async () => new Response(null, { status: 204 })),
      ).rejects.toThrow("A request with this idempotency key is in progress.");
      finishRun();
      expect((await running).status).toBe(204);
      expect(await claimRow()).toMatchObject({ status: "completed", response_status: 204 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs the effect once under concurrent duplicates", async () => {
    const licenseKey = await newLicenseKey();
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => patch(licenseKey.id, { usage: 9 }, key)),
    );
    const ok = responses.filter((r) => r.status === 200);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(ok.length + conflicts.length).toBe(5);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of conflicts) expect(r.body.error).toBe("ConflictError");
    expect(ok.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    // Every success is the same answer: a second run would carry a later modified_at.
    for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
    const stored = await db.licenseKey.findUniqueOrThrow({ where: { id: licenseKey.id } });
    expect(stored.modified_at?.toISOString()).toBe(ok[0]!.body.modified_at);
  });
});

describe("Idempotency-Key on public routes", () => {
  it("activates a license key once under concurrent duplicates", async () => {
    const licenseKey = await newLicenseKey(5);
    const key = newKey();
    const body = { key: licenseKey.key, organization_id: orgId, label: "Laptop" };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(activate, {
          path: "/v1/customer-portal/license-keys/activate",
          body,
          headers: { [HEADER]: key },
        }),
      ),
    );
    for (const r of responses) {
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.error).toBe("ConflictError");
    }
    expect(await db.licenseKeyActivation.count({ where: { license_key_id: licenseKey.id } })).toBe(1);
    const replay = await call(activate, {
      path: "/v1/customer-portal/license-keys/activate",
      body,
      headers: { [HEADER]: key },
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await row(key)).toMatchObject({
      scope: licenseKeyScope({ key: licenseKey.key, organization_id: orgId }),
      path: "/v1/customer-portal/license-keys/activate",
    });
  });

  it("scopes keys by the client secret in the path", async () => {
    const { price } = await createProduct(db, orgId);
    const a = await createCheckout(db, orgId, price.id);
    const b = await createCheckout(db, orgId, price.id);
    const key = newKey();
    const patchClient = (secret: string) =>
      call(clientUpdate, {
        method: "PATCH",
        path: `/v1/checkouts/custom/client/${secret}`,
        params: { client_secret: secret },
        body: { customer_name: "Ada" },
        headers: { [HEADER]: key },
      });
    const first = await patchClient(a.client_secret);
    const second = await patchClient(b.client_secret);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.id).toBe(b.id);
    expect((await patchClient(a.client_secret)).headers.get("idempotent-replayed")).toBe("true");
  });
});

describe("Idempotency-Key and answers that say try again", () => {
  const path = "/v1/test-idempotency";
  const body = z.object({ n: z.number() });

  it("forgets the claim after a server error, so the retry runs", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const flaky = route({ auth: "public", body }, async () => {
      calls++;
      if (calls === 1) throw new Error("connection reset");
      return { calls };
    });
    const key = newKey();
    const first = await call(flaky, { path, body: { n: 1 }, headers: { [HEADER]: key } });
    expect(first.status).toBe(500);
    expect(await row(key)).toBeNull();
    const retry = await call(flaky, { path, body: { n: 1 }, headers: { [HEADER]: key } });
    expect(retry).toMatchObject({ status: 200, body: { calls: 2 } });
    const replay = await call(flaky, { path, body: { n: 1 }, headers: { [HEADER]: key } });
    expect(replay).toMatchObject({ status: 200, body: { calls: 2 } });
    expect(calls).toBe(2);
    log.mockRestore();
  });

  it("does not keep a ConflictError, but keeps other conflicts", async () => {
    let calls = 0;
    const busy = route({ auth: "public", body }, async ({ body }) => {
      calls++;
      if (body.n === 1 && calls === 1) throw new ApiError("ConflictError", "Another confirm is running.");
      if (body.n === 2) throw new ApiError("ResourceAlreadyExists", "Exists.");
      return { calls };
    });
    const key = newKey();
    expect((await call(busy, { path, body: { n: 1 }, headers: { [HEADER]: key } })).status).toBe(409);
    expect(await call(busy, { path, body: { n: 1 }, headers: { [HEADER]: key } })).toMatchObject({
      status: 200,
      body: { calls: 2 },
    });
    const exists = newKey();
    expect((await call(busy, { path, body: { n: 2 }, headers: { [HEADER]: exists } })).status).toBe(409);
    const replay = await call(busy, { path, body: { n: 2 }, headers: { [HEADER]: exists } });
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(calls).toBe(3);
  });

  it("replays a 204 without a body", async () => {
    let calls = 0;
    const noContent = route({ auth: "public", body, status: 204 }, async () => {
      calls++;
    });
    const key = newKey();
    const first = await call(noContent, { path, body: { n: 1 }, headers: { [HEADER]: key } });
    const second = await call(noContent, { path, body: { n: 1 }, headers: { [HEADER]: key } });
    expect([first.status, second.status]).toEqual([204, 204]);
    expect(second.body).toBeNull();
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(calls).toBe(1);
  });
});
