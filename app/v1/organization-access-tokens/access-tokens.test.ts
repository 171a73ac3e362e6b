// Access token management through the real handlers: dashboard sessions only, the token shown
// once and usable at once with its scopes, revocation, tenancy and validation.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { createMerchantUser, createOrganization, createToken } from "@/lib/factories";
import { call, type CallOptions } from "@/test/http";
import { POST as signInRoute } from "../auth/sign-in/route";
import { GET as list, POST as create } from "./route";
import { DELETE as revoke, GET as getNotAllowed } from "./[id]/route";
import { GET as listOrders } from "../orders/route";
import { GET as listLicenseKeys } from "../license-keys/route";
import { ISO } from "@/test/shapes";

let orgA: string;
let orgB: string;
let session: (options?: CallOptions, csrf?: string | null) => CallOptions;

beforeAll(async () => {
  const db = await getDb();
  orgA = (await createOrganization(db)).id;
  orgB = (await createOrganization(db)).id;
  await createMerchantUser(db, {
    email: "tokens@example.com",
    password: "pw-for-tokens",
    organizationIds: [orgA],
  });
  const signedIn = await call(signInRoute, {
    body: { email: "tokens@example.com", password: "pw-for-tokens" },
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const csrfToken: string = signedIn.body.csrf_token;
  session = (options = {}, csrf = csrfToken) => ({
    ...options,
    headers: { cookie, ...(csrf ? { "x-csrf-token": csrf } : {}), ...options.headers },
  });
});

describe("creating a token", () => {
  it("answers 201 with the token once; the token works at once with exactly its scopes", async () => {
    const response = await call(
      create,
      session({ body: { organization_id: orgA, comment: "CI deploys", scopes: ["orders:read"] } }),
    );
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["organization_access_token", "token"]);
    expect(response.body.token).toMatch(/^oat_[\w-]{43}$/);
    expect(response.body.organization_access_token).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(ISO),
      modified_at: null,
      organization_id: orgA,
      comment: "CI deploys",
      scopes: ["orders:read"],
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
    });
    const db = await getDb();
    const row = await db.organizationAccessToken.findUniqueOrThrow({
      where: { id: response.body.organization_access_token.id },
    });
    expect(row.token_hash).toBe(sha256Hex(response.body.token));

    const { token } = response.body;
    expect((await call(listOrders, { token })).status).toBe(200);
    expect((await call(listLicenseKeys, { token })).status).toBe(403);
  });

  it("keeps an expiry, after which the token is refused", async () => {
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const response = await call(
      create,
      session({
        body: { organization_id: orgA, comment: "short", scopes: ["orders:read"], expires_at: expiresAt },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.organization_access_token.expires_at).toBe(expiresAt);
    const db = await getDb();
    await db.organizationAccessToken.update({
      where: { id: response.body.organization_access_token.id },
      data: { expires_at: new Date(Date.now() - 1) },
    });
    const refused = await call(listOrders, { token: response.body.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error_description).toBe("The access token has expired.");
  });

  it("reports every problem in one 422 and creates nothing", async () => {
    const db = await getDb();
    const before = await db.organizationAccessToken.count();
    const invalid = await call(
      create,
      session({
        body: { organization_id: "nope", comment: "", scopes: ["orders:read", "orders:read", "root"] },
      }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((p: { loc: unknown[] }) => p.loc)).toEqual([
      ["body", "organization_id"],
      ["body", "comment"],
      ["body", "scopes", 2],
    ]);
    const rules = await call(
      create,
      session({
        body: {
          organization_id: orgB,
          comment: "x",
          scopes: ["orders:read"],
          expires_at: "2020-01-01T00:00:00Z",
        },
      }),
    );
    expect(rules.status).toBe(422);
    expect(rules.body.detail).toEqual([
      { type: "value_error", loc: ["body", "organization_id"], msg: "Organization not found.", input: orgB },
      {
        type: "value_error",
        loc: ["body", "expires_at"],
        msg: "The expiry should be in the future.",
        input: "2020-01-01T00:00:00.000Z",
      },
    ]);
    const noScopes = await call(
      create,
      session({ body: { organization_id: orgA, comment: "x", scopes: [] } }),
    );
    expect(noScopes.status).toBe(422);
    expect(noScopes.body.detail[0].loc).toEqual(["body", "scopes"]);
    expect(await db.organizationAccessToken.count()).toBe(before);
  });

  it("needs the CSRF token", async () => {
    const refused = await call(
      create,
      session({ body: { organization_id: orgA, comment: "x", scopes: ["orders:read"] } }, null),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("NotPermitted");
  });

  it("cannot be done with an access token, even one with every scope", async () => {
    const db = await getDb();
    const { token } = await createToken(db, orgA);
    for (const response of [
      await call(create, { token, body: { organization_id: orgA, comment: "x", scopes: ["orders:read"] } }),
      await call(list, { token }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: "NotPermitted",
        detail: "This route needs a signed-in merchant (dashboard session).",
      });
    }
    expect((await call(create, { body: {} })).status).toBe(401);
  });
});

describe("listing and revoking", () => {
  it("lists the merchant's organizations' tokens, newest first, never the token or its hash", async () => {
    const db = await getDb();
    await createToken(db, orgB, { comment: "other organization" });
    // Two of its own, a minute apart (the older one's creation set back), whatever other tests add.
    const { accessToken: older } = await createToken(db, orgA, { comment: "listed older" });
    await db.organizationAccessToken.update({
      where: { id: older.id },
      data: { created_at: new Date(older.created_at.getTime() - 60_000) },
    });
    await createToken(db, orgA, { comment: "listed newer" });
    const response = await call(list, session({ query: { limit: 100 } }));
    expect(response.status).toBe(200);
    const comments = response.body.items.map((t: { comment: string }) => t.comment);
    expect(comments).not.toContain("other organization");
    expect(comments.filter((c: string) => c.startsWith("listed "))).toEqual(["listed newer", "listed older"]);
    expect(response.body.items.length).toBeGreaterThanOrEqual(2);
    for (const item of response.body.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "comment",
          "created_at",
          "expires_at",
          "id",
          "last_used_at",
          "modified_at",
          "organization_id",
          "revoked_at",
          "scopes",
        ].sort(),
      );
    }
    expect(response.body.pagination.total_count).toBe(response.body.items.length);
  });

  it("revokes: 204, the token is refused at once, revoking again is harmless", async () => {
    const created = await call(
      create,
      session({ body: { organization_id: orgA, comment: "to revoke", scopes: ["orders:read"] } }),
    );
    const { id } = created.body.organization_access_token;
    const done = await call(revoke, session({ method: "DELETE", params: { id } }));
    expect(done.status).toBe(204);
    expect(done.body).toBeNull();
    const refused = await call(listOrders, { token: created.body.token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: "invalid_token",
      error_description: "The access token has been revoked.",
    });

    const db = await getDb();
    const first = (await db.organizationAccessToken.findUniqueOrThrow({ where: { id } })).revoked_at;
    expect((await call(revoke, session({ method: "DELETE", params: { id } }))).status).toBe(204);
    expect((await db.organizationAccessToken.findUniqueOrThrow({ where: { id } })).revoked_at).toEqual(first);
    const listed = await call(list, session());
    expect(listed.body.items.find((t: { id: string }) => t.id === id).revoked_at).toMatch(ISO);
  });

  it("another organization's token, an unknown id and a bad id are refused", async () => {
    const db = await getDb();
    const { accessToken } = await createToken(db, orgB);
    const other = await call(revoke, session({ method: "DELETE", params: { id: accessToken.id } }));
    expect(other.status).toBe(404);
    expect(
      (await db.organizationAccessToken.findUniqueOrThrow({ where: { id: accessToken.id } })).revoked_at,
    ).toBeNull();
    const unknown = await call(revoke, session({ method: "DELETE", params: { id: crypto.randomUUID() } }));
    expect(unknown.status).toBe(404);
    const bad = await call(revoke, session({ method: "DELETE", params: { id: "x" } }));
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"] });
    const notAllowed = await call(getNotAllowed, session({ params: { id: accessToken.id } }));
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("allow")).toBe("DELETE");
  });
});
