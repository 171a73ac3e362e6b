// The signed-in ways to a new password and out (issue 28, docs/accounts.md), through the real
// handlers: the dashboard's change of password (current password needed, other sessions signed
// out, CSRF), `npm run user:password`'s service, and sign-out, which now needs the CSRF token.
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/passwords";
import { setPasswordByEmail, UnknownUserError, WRONG_CURRENT_PASSWORD } from "@/lib/auth/password-change";
import { call } from "@/test/http";
import {
  isLive,
  merchant,
  PASSWORD,
  requestReset,
  runJobs,
  signedIn,
  startPasswordFixture,
  withSession,
} from "@/test/password-fixture";
import { POST as changeRoute } from "./password/route";
import { POST as signOutRoute } from "./sign-out/route";

let db: Db;
beforeAll(async () => {
  db = await startPasswordFixture();
});

describe("POST /v1/auth/password (signed in)", () => {
  it("needs the current password (422 when wrong), keeps this session and signs the others out", async () => {
    const user = await merchant("changer@example.com");
    const here = await signedIn("changer@example.com");
    const elsewhere = await signedIn("changer@example.com");
    await requestReset("changer@example.com");
    await runJobs();

    const wrong = await call(
      changeRoute,
      withSession(here, { body: { current_password: "not my password", new_password: "my next password" } }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      error: "RequestValidationError",
      detail: [
        { type: "value_error", loc: ["body", "current_password"], msg: WRONG_CURRENT_PASSWORD, input: null },
      ],
    });
    expect(await isLive(elsewhere)).toBe(true);

    const changed = await call(
      changeRoute,
      withSession(here, { body: { current_password: PASSWORD, new_password: "my next password" } }),
    );
    expect(changed.status).toBe(204);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("my next password", stored.password_hash)).toBe(true);
    expect(await isLive(here)).toBe(true);
    expect(await isLive(elsewhere)).toBe(false);
    // The outstanding reset link died with the old password.
    expect(await db.passwordResetToken.count({ where: { user_id: user.id, used_at: null } })).toBe(0);
  });

  it("is a cookie write like any other: 403 without the CSRF token, 401 signed out", async () => {
    const user = await merchant("csrf-changer@example.com");
    const cookies = await signedIn("csrf-changer@example.com");
    const body = { current_password: PASSWORD, new_password: "forged new password" };
    const forged = await call(changeRoute, withSession(cookies, { body }, null));
    expect(forged.status).toBe(403);
    expect((await call(changeRoute, { body })).status).toBe(401);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(PASSWORD, stored.password_hash)).toBe(true);
  });
});

describe("npm run user:password (its service)", () => {
  it("sets the password of the address, signs every session out and ends every reset link", async () => {
    const user = await merchant("operator-reset@example.com");
    const cookies = await signedIn("operator-reset@example.com");
    await requestReset("operator-reset@example.com");
    await runJobs();
    await expect(
      setPasswordByEmail(db, { email: "nobody-x@example.com", password: "long enough pw" }),
    ).rejects.toThrow(UnknownUserError);
    await expect(
      setPasswordByEmail(db, { email: "operator-reset@example.com", password: "short" }),
    ).rejects.toThrow("Use at least 10 characters");
    expect(await isLive(cookies)).toBe(true);
    expect(
      await setPasswordByEmail(db, {
        email: " Operator-Reset@Example.com ",
        password: "set by the operator",
      }),
    ).toEqual({ email: "operator-reset@example.com", signedOutSessions: 1 });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("set by the operator", stored.password_hash)).toBe(true);
    expect(await isLive(cookies)).toBe(false);
    expect(await db.passwordResetToken.count({ where: { user_id: user.id, used_at: null } })).toBe(0);
  });
});

describe("POST /v1/auth/sign-out needs the CSRF token", () => {
  it("refuses a bodiless POST without the token (as another port of the host could send): 403, still signed in", async () => {
    await merchant("stays@example.com");
    const cookies = await signedIn("stays@example.com");
    const other = await signedIn("stays@example.com");
    for (const csrf of [null, "", "not-the-token", other.csrf]) {
      const res = await call(signOutRoute, withSession(cookies, { method: "POST" }, csrf));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: "NotPermitted",
        detail: "Missing or invalid CSRF token (X-CSRF-Token header).",
      });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await isLive(cookies)).toBe(true);
    }
    const out = await call(signOutRoute, withSession(cookies, { method: "POST" }));
    expect(out.status).toBe(204);
    expect(await isLive(cookies)).toBe(false);
    expect(await isLive(other)).toBe(true);
    // A cookie of no live session is only cleared, token or not.
    const stale = await call(signOutRoute, withSession(cookies, { method: "POST" }, null));
    expect(stale.status).toBe(204);
    expect(stale.headers.getSetCookie()).toHaveLength(2);
  });
});
