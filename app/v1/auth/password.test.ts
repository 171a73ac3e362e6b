// A way back in (issue 28, docs/accounts.md), through the real handlers: "Forgot password?" (202
// for any address after the same work; the link emailed by the job, its token only hashed at rest
// and never in the subject; limits per address and per client), the reset's confirm (single use,
// 30 minutes on an injected clock, every session signed out, other links dead), the dashboard's
// change of password (current password needed, other sessions signed out, CSRF), and sign-out,
// which now needs the CSRF token too.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { createMerchantUser, createOrganization } from "@/lib/factories";
import { verifyPassword } from "@/lib/auth/passwords";
import {
  confirmPasswordReset,
  INVALID_RESET_LINK,
  PASSWORD_RESET_JOB,
  PASSWORD_RESET_PER_CLIENT,
  PASSWORD_RESET_PER_EMAIL,
  PASSWORD_RESET_TTL_MS,
} from "@/lib/auth/password-reset";
import { setPasswordByEmail, UnknownUserError, WRONG_CURRENT_PASSWORD } from "@/lib/auth/password-change";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/jobs/registry";
import { messageOf } from "@/lib/email/send";
import { embeddedNotice } from "@/lib/email/transport";
import type { ApiError } from "@/lib/core/errors";
import { call, type CallOptions } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as requestRoute } from "./password-reset/request/route";
import { POST as confirmRoute } from "./password-reset/confirm/route";
import { POST as changeRoute } from "./password/route";
import { POST as signInRoute } from "./sign-in/route";
import { POST as signOutRoute } from "./sign-out/route";
import { GET as sessionRoute } from "./session/route";
import { GET as listEmails } from "../emails/route";
import { GET as getEmail } from "../emails/[id]/route";

const PASSWORD = "the first long password";
let db: Db;
let organizationId: string;
let peer = 0;
/** A client address of its own per call site: the per-address budgets of one test stay its own. */
const newPeer = () => fromPeer(`198.51.100.${++peer}`);

beforeAll(async () => {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
});

async function merchant(email: string) {
  return createMerchantUser(db, { email, password: PASSWORD, organizationIds: [organizationId] });
}

type Cookies = { session: string; csrf: string };

async function signedIn(email: string, password = PASSWORD): Promise<Cookies> {
  const res = await call(signInRoute, { body: { email, password }, headers: newPeer() });
  expect(res.status).toBe(200);
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((line) => {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      return [pair!.slice(0, eq), decodeURIComponent(pair!.slice(eq + 1))];
    }),
  );
  return { session: cookies.dsb_session!, csrf: cookies.dsb_csrf! };
}

function withSession(cookies: Cookies, options: CallOptions = {}, csrf: string | null = cookies.csrf) {
  return {
    ...options,
    headers: {
      cookie: `dsb_session=${encodeURIComponent(cookies.session)}; dsb_csrf=${cookies.csrf}`,
      ...(csrf !== null ? { "x-csrf-token": csrf } : {}),
      ...options.headers,
    },
  };
}

const isLive = async (cookies: Cookies) =>
  (await call(sessionRoute, withSession(cookies, {}, null))).status === 200;

async function runJobs() {
  while ((await runDueJobs(db, jobHandlers, {})).claimed > 0);
}

/** The link of the newest password reset email to `to`, opened from its sealed body. */
async function resetLinkSentTo(to: string) {
  const email = await db.email.findFirstOrThrow({
    where: { to, kind: "password_reset" },
    orderBy: { created_at: "desc" },
  });
  const text = messageOf(email).text;
  const token = /#token=(dpr_[A-Za-z0-9_-]+)/.exec(text)?.[1];
  return { email, text, token: token! };
}

const requestReset = (email: string, headers = newPeer()) => call(requestRoute, { body: { email }, headers });

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

  it("takes about the same time for an address with an account as for one without", async () => {
    const samples = 10;
    for (let i = 0; i < samples; i++) await merchant(`timed-${i}@example.com`);
    const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    // Interleaved, first one then the other, and each address asked once: every sample is a first
    // request for its address.
    for (let i = 0; i < samples; i++) {
      const pair = [
        ["known", `timed-${i}@example.com`],
        ["unknown", `untimed-${i}@example.com`],
      ] as const;
      for (const [kind, email] of i % 2 ? [...pair].reverse() : pair) {
        const started = performance.now();
        expect((await requestReset(email)).status).toBe(202);
        times[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known = median(times.known);
    const unknown = median(times.unknown);
    console.log(
      `password reset request, median of ${samples}: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`,
    );
    // The same statements either way; what is left is noise of a loaded machine.
    expect(Math.abs(known - unknown)).toBeLessThan(Math.max(10, unknown));
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
