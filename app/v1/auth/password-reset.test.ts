// "Forgot password?" (issue 28, docs/accounts.md), through the real handlers: the request (202 for
// any address after the same work; the link emailed by the job, its token only hashed at rest and
// never in the subject; in no organization's outbox; limits per address and per client) and the
// confirm (single use, 30 minutes on an injected clock, every session signed out, other links dead).
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { verifyPassword } from "@/lib/auth/passwords";
import {
  confirmPasswordReset,
  INVALID_RESET_LINK,
  PASSWORD_RESET_JOB,
  PASSWORD_RESET_PER_CLIENT,
  PASSWORD_RESET_PER_EMAIL,
  PASSWORD_RESET_TTL_MS,
} from "@/lib/auth/password-reset";
import { messageOf } from "@/lib/email/send";
import { embeddedNotice } from "@/lib/email/transport";
import type { ApiError } from "@/lib/core/errors";
import { call } from "@/test/http";
import {
  isLive,
  merchant,
  newPeer,
  PASSWORD,
  requestReset,
  resetLinkSentTo,
  runJobs,
  signedIn,
  startPasswordFixture,
  withSession,
} from "@/test/password-fixture";
import { POST as requestRoute } from "./password-reset/request/route";
import { POST as confirmRoute } from "./password-reset/confirm/route";
import { POST as signInRoute } from "./sign-in/route";
import { GET as listEmails } from "../emails/route";
import { GET as getEmail } from "../emails/[id]/route";

let db: Db;
beforeAll(async () => {
  db = await startPasswordFixture();
});

describe("POST /v1/auth/password-reset/request", () => {
  it("answers 202 {} for any address after the same work; the job emails a link to merchants only", async () => {
    const user = await merchant("Forgetful@Example.com");
    const jobsBefore = await db.job.count({ where: { name: PASSWORD_RESET_JOB } });
    const known = await requestReset("forgetful@example.com");
    const unknown = await requestReset("nobody-here@example.com");
    for (const res of [known, unknown]) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({});
    }
    // The same single row for both: nothing that depends on whether the address has an account.
    const jobs = await db.job.findMany({
      where: { name: PASSWORD_RESET_JOB },
      orderBy: { created_at: "asc" },
      skip: jobsBefore,
    });
    expect(jobs.map((job) => job.payload)).toEqual([
      { email: "forgetful@example.com" },
      { email: "nobody-here@example.com" },
    ]);
    expect(await db.passwordResetToken.count({ where: { user_id: user.id } })).toBe(0);

    await runJobs();
    const tokens = await db.passwordResetToken.findMany({ where: { user_id: user.id } });
    expect(tokens).toHaveLength(1);
    expect(await db.email.count({ where: { to: "nobody-here@example.com" } })).toBe(0);

    const { email, text, token } = await resetLinkSentTo("forgetful@example.com");
    expect(token).toMatch(/^dpr_[A-Za-z0-9_-]{43}$/);
    // At rest: the token's hash, the email's bodies sealed, no token in the subject.
    expect(tokens[0]).toMatchObject({ token_hash: sha256Hex(token), used_at: null });
    expect(tokens[0]!.expires_at.getTime() - tokens[0]!.created_at.getTime()).toBe(PASSWORD_RESET_TTL_MS);
    expect(JSON.stringify(tokens[0])).not.toContain(token);
    expect(email).toMatchObject({ organization_id: null, subject: "Reset your Digital Sales password" });
    expect(email.text_sealed).not.toContain(token);
    expect(email.html_sealed).not.toContain(token);
    expect(text).toContain(`/dashboard/reset-password#token=${token}`);
    expect(messageOf(email).html).toContain(`/dashboard/reset-password#token=${token}`);
    expect(email.status).toBe("sent");
    // Without SMTP_URL the operator's log says where to turn instead (the link is on no page).
    expect(embeddedNotice(messageOf(email))).toBe(
      `Email ${email.id} to f***@example.com: Reset your Digital Sales password (embedded transport: ` +
        "not sent, and shown nowhere; without SMTP_URL set the password with `npm run user:password`)",
    );
  });

  it("keeps the link out of every organization's outbox: the merchant's own session or token cannot list it", async () => {
    await merchant("outbox@example.com");
    await requestReset("outbox@example.com");
    await runJobs();
    const { email } = await resetLinkSentTo("outbox@example.com");
    const cookies = await signedIn("outbox@example.com");
    const listed = await call(listEmails, withSession(cookies, { query: { limit: 100 } }, null));
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(email.id);
    expect((await call(getEmail, withSession(cookies, { params: { id: email.id } }, null))).status).toBe(404);
  });

  it("limits links per address (whoever asks) and per client address, alike for unknown addresses", async () => {
    await merchant("popular@example.com");
    const forEmail = async (email: string) => {
      const statuses = [];
      for (let i = 0; i <= PASSWORD_RESET_PER_EMAIL.limit; i++)
        statuses.push((await requestReset(email)).status);
      return statuses;
    };
    const expected = [...Array(PASSWORD_RESET_PER_EMAIL.limit).fill(202), 429];
    expect(await forEmail("popular@example.com")).toEqual(expected);
    expect(await forEmail("not-popular-at-all@example.com")).toEqual(expected);

    const client = newPeer();
    const statuses = [];
    for (let i = 0; i <= PASSWORD_RESET_PER_CLIENT.limit; i++)
      statuses.push((await requestReset(`sprayed-${i}@example.com`, client)).status);
    expect(statuses).toEqual([...Array(PASSWORD_RESET_PER_CLIENT.limit).fill(202), 429]);
    const refused = await requestReset("sprayed-x@example.com", client);
    expect(refused.body).toMatchObject({ error: "RateLimitExceeded" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("validates the address (422), and asks nothing of a malformed one", async () => {
    const jobsBefore = await db.job.count({ where: { name: PASSWORD_RESET_JOB } });
    const res = await call(requestRoute, { body: { email: "not an email" }, headers: newPeer() });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "value_error",
          loc: ["body", "email"],
          msg: "value is not a valid email address",
          input: "not an email",
        },
      ],
    });
    expect(await db.job.count({ where: { name: PASSWORD_RESET_JOB } })).toBe(jobsBefore);
  });
});

describe("POST /v1/auth/password-reset/confirm", () => {
  it("sets the password, signs every session out and ends the other links; the link works once", async () => {
    const user = await merchant("reset-me@example.com");
    const laptop = await signedIn("reset-me@example.com");
    const phone = await signedIn("reset-me@example.com");
    await requestReset("reset-me@example.com");
    await runJobs();
    const first = (await resetLinkSentTo("reset-me@example.com")).token;
    await requestReset("reset-me@example.com");
    await runJobs();
    const second = (await resetLinkSentTo("reset-me@example.com")).token;
    expect(second).not.toBe(first);

    const res = await call(confirmRoute, { body: { token: second, password: "a brand new password" } });
    expect(res.status).toBe(204);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("a brand new password", stored.password_hash)).toBe(true);
    expect(await isLive(laptop)).toBe(false);
    expect(await isLive(phone)).toBe(false);
    expect(await db.userSession.count({ where: { user_id: user.id, revoked_at: null } })).toBe(0);
    expect(await db.passwordResetToken.count({ where: { user_id: user.id, used_at: null } })).toBe(0);

    // Used, and the earlier link died with the change.
    for (const token of [second, first]) {
      const again = await call(confirmRoute, { body: { token, password: "yet another password" } });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: "BadRequest", detail: INVALID_RESET_LINK });
    }
    const signIn = (password: string) =>
      call(signInRoute, { body: { email: "reset-me@example.com", password }, headers: newPeer() });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn("a brand new password")).status).toBe(200);
  });

  it("refuses a link past its 30 minutes (clock injected), and an unknown one, alike", async () => {
    const user = await merchant("slow-reader@example.com");
    const asked = new Date();
    await requestReset("slow-reader@example.com");
    await runJobs();
    const { token } = await resetLinkSentTo("slow-reader@example.com");
    const confirmAt = (ms: number) =>
      confirmPasswordReset(
        db,
        { token, password: "too late a password" },
        new Date(asked.getTime() + ms),
      ).then(
        () => "changed",
        (error: ApiError) => ({ status: error.status, body: error.body() }),
      );
    const refused = { status: 400, body: { error: "BadRequest", detail: INVALID_RESET_LINK } };
    expect(await confirmAt(PASSWORD_RESET_TTL_MS + 60_000)).toEqual(refused);
    const unknown = await call(confirmRoute, {
      body: { token: "dpr_not-a-token", password: "whatever password" },
    });
    expect(unknown).toMatchObject(refused);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(PASSWORD, stored.password_hash)).toBe(true);
    // Within its 30 minutes it works.
    expect(await confirmAt(PASSWORD_RESET_TTL_MS - 60_000)).toBe("changed");
  });

  it("lets only one of two parallel confirms of one link through", async () => {
    await merchant("racer@example.com");
    await requestReset("racer@example.com");
    await runJobs();
    const { token } = await resetLinkSentTo("racer@example.com");
    const answers = await Promise.all(
      ["first racing password", "second racing password"].map((password) =>
        call(confirmRoute, { body: { token, password } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400]);
  });

  it("validates the new password like every other (422) and uses nothing up", async () => {
    await merchant("short@example.com");
    await requestReset("short@example.com");
    await runJobs();
    const { token } = await resetLinkSentTo("short@example.com");
    const res = await call(confirmRoute, { body: { token, password: "short" } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        {
          type: "string_too_short",
          loc: ["body", "password"],
          msg: "String should have at least 10 characters",
          input: "short",
        },
      ],
    });
    expect(
      (await db.passwordResetToken.findUniqueOrThrow({ where: { token_hash: sha256Hex(token) } })).used_at,
    ).toBeNull();
  });
});
