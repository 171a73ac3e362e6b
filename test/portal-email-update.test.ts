// The buyer changes their email from the customer portal, through the real handlers: the link
// emailed to the new address (read back by unsealing the queued email) checks and verifies; the
// customer's email changes, verified, customer.updated is sent, the old address is told, and the
// answer is a session (cookies too). Expired (by an injected clock), reused, wrong and replaced
// tokens are 401 alike; another customer's address is 422, also when two customers verify it at
// once; asking is rate limited per customer and per address; another organization's session gets
// nothing from a token; expired links are pruned. The official SDK's three methods work as declared.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization } from "@/lib/factories";
import { emailBodyContext } from "@/lib/email/queue";
import { decrypt } from "@/lib/secrets";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "@/lib/customer-portal/sessions";
import { storeSignInCode } from "@/lib/customer-portal/sign-in";
import { EMAIL_UPDATE_TTL_MS } from "@/lib/customer-portal/email-update";
import { pruneFinishedWork } from "@/lib/jobs/prune";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { createWebhookEndpoint, eventsOf } from "@/test/webhook-events";
import { createPolar, errors } from "@polar-sh/sdk/2026-10";
import { installInProcessFetch, SDK_BASE_URL } from "@/test/polar-sdk/in-process-fetch";
import { loadDeclaredSdk } from "@/test/polar-sdk/declared-types";
import { POST as requestUpdate } from "@/app/v1/customer-portal/customers/me/email-update/request/route";
import { GET as checkUpdate } from "@/app/v1/customer-portal/customers/me/email-update/check/route";
import { POST as verifyUpdate } from "@/app/v1/customer-portal/customers/me/email-update/verify/route";
import { GET as me } from "@/app/v1/customer-portal/customers/me/route";

let db: Db;
const saved = { ...process.env };
let peer = 0;
/** A client address of its own for each call, so that the address budgets never cross tests. */
const newPeer = () => fromPeer(`198.51.100.${(++peer % 250) + 1}`);

beforeEach(async () => {
  db = await getDb();
});

afterEach(() => {
  vi.useRealTimers();
  process.env = { ...saved };
});

const unauthorized = { error: "Unauthorized", detail: "Invalid or expired verification token." };

/** An organization of the test's own, with Jane signed in (and her session token). */
async function shop() {
  const org = await createOrganization(db, { name: "Acme Software", email: "help@acme.test" });
  const tag = randomUUID().slice(0, 8);
  const jane = await createCustomer(db, org.id, { email: `jane-${tag}@example.com`, name: "Jane Doe" });
  const session = await createCustomerSession(db, jane.id, SIGN_IN_SESSION_TTL_MS, new Date());
  return { org, jane, token: session.token, tag };
}

const ask = (token: string, email: string) =>
  call(requestUpdate, { body: { email }, token, headers: newPeer() });
const check = (token: string | null, link: string) =>
  call(checkUpdate, { query: { token: link }, token, headers: newPeer() });
const verify = (link: string) => call(verifyUpdate, { body: { token: link }, headers: newPeer() });

/** The newest link email sent to `to`, and the token read from its unsealed text part. */
async function linkEmail(to: string) {
  const email = await db.email.findFirstOrThrow({
    where: { to, kind: "portal_email_update" },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
  });
  const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
  const token = /#email_update_token=(ceu_[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  expect(token).toMatch(/^ceu_/);
  return { email, text, token: token! };
}

describe("changing the email from the customer portal", () => {
  it("emails a link to the new address; the link checks, then verifies: the email changes and the old address is told", async () => {
    const { org, jane, token } = await shop();
    const endpoint = await createWebhookEndpoint(db, org.id, ["customer.updated"]);
    const newAddress = `new-${randomUUID().slice(0, 8)}@example.com`;

    const asked = await ask(token, `  ${newAddress.toUpperCase()} `);
    expect(asked).toMatchObject({ status: 202, body: {} });
    const { email, text, token: link } = await linkEmail(newAddress);
    expect(email).toMatchObject({
      organization_id: org.id,
      customer_id: jane.id,
      status: "queued",
      subject: "[Test] Confirm your new email address for Acme Software",
      reply_to: "help@acme.test",
    });
    expect(email.subject).not.toContain(link);
    expect(text).toContain(`http://localhost:3000/portal/${org.slug}#email_update_token=${link}`);
    expect(text).toContain("The link works once, for 30 minutes.");
    // Kept only as a keyed hash, for 30 minutes.
    const stored = await db.customerEmailUpdate.findUniqueOrThrow({ where: { customer_id: jane.id } });
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(link);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(EMAIL_UPDATE_TTL_MS);
    // Nothing changed yet.
    expect((await db.customer.findUniqueOrThrow({ where: { id: jane.id } })).email).toBe(jane.email);

    expect(await check(token, link)).toMatchObject({ status: 204, body: null });
    // A sign-in code sent to the old address before the change.
    await storeSignInCode(db, jane.id, "123456", new Date());

    const verified = await verify(link);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ token: expect.stringMatching(/^cst_/) });
    const cookies = verified.headers.getSetCookie().join("\n");
    expect(cookies).toContain("cps_session=");
    expect(cookies).toContain("cps_csrf=");
    const profile = await call(me, { token: verified.body.token, headers: newPeer() });
    expect(profile.body).toMatchObject({ id: jane.id, email: newAddress, email_verified: true });
    // The code sent to the old address signs in no more.
    expect(await db.customerSessionCode.count({ where: { customer_id: jane.id, used_at: null } })).toBe(0);
    // The old session is still Jane's, and sees the new address.
    expect((await call(me, { token, headers: newPeer() })).body.email).toBe(newAddress);

    const notice = await db.email.findFirstOrThrow({
      where: { to: jane.email, kind: "customer_email_changed" },
    });
    expect(notice.subject).toBe("[Test] Your email address for Acme Software was changed");
    const noticeText = decrypt(notice.text_sealed, emailBodyContext(notice.id, "text"));
    expect(noticeText).toContain("was changed to n***@example.com");
    expect(noticeText).toContain("If you did not make this change, write to help@acme.test at once.");
    expect(noticeText).not.toContain(newAddress);

    const events = await eventsOf(db, endpoint.id);
    expect(events.map((e) => e.type)).toEqual(["customer.updated"]);
    expect(events[0]!.data).toMatchObject({ id: jane.id, email: newAddress, email_verified: true });

    // Used once.
    expect(await verify(link)).toMatchObject({ status: 401, body: unauthorized });
    expect(await check(token, link)).toMatchObject({ status: 401, body: unauthorized });
  });

  it("refuses expired, wrong and replaced tokens with 401, by an injected clock", async () => {
    const t0 = new Date("2027-03-01T10:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    // Signed in by the same clock.
    const { jane, token } = await shop();
    const first = `first-${randomUUID().slice(0, 8)}@example.com`;
    expect((await ask(token, first)).status).toBe(202);
    const old = (await linkEmail(first)).token;
    const second = `second-${randomUUID().slice(0, 8)}@example.com`;
    expect((await ask(token, second)).status).toBe(202);
    const newest = (await linkEmail(second)).token;

    // Replaced: only the newest link works.
    expect(await check(token, old)).toMatchObject({ status: 401, body: unauthorized });
    expect(await verify(old)).toMatchObject({ status: 401, body: unauthorized });
    // Wrong: well formed, never sent.
    const wrong = `ceu_${newest.slice(4).split("").reverse().join("")}`;
    expect(await verify(wrong)).toMatchObject({ status: 401, body: unauthorized });
    // Malformed: 422 on the field.
    const malformed = await verify("not-a-token");
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(["body", "token"]);

    vi.setSystemTime(new Date(t0.getTime() + EMAIL_UPDATE_TTL_MS - 1000));
    expect((await check(token, newest)).status).toBe(204);
    vi.setSystemTime(new Date(t0.getTime() + EMAIL_UPDATE_TTL_MS));
    expect(await check(token, newest)).toMatchObject({ status: 401, body: unauthorized });
    expect(await verify(newest)).toMatchObject({ status: 401, body: unauthorized });
    expect((await db.customer.findUniqueOrThrow({ where: { id: jane.id } })).email).toBe(jane.email);

    // The hourly prune deletes the expired link.
    const later = new Date(t0.getTime() + EMAIL_UPDATE_TTL_MS + 60_000);
    const pruned = await db.$transaction((tx) => pruneFinishedWork(tx, later));
    expect(pruned.emailUpdates).toBeGreaterThanOrEqual(1);
    expect(await db.customerEmailUpdate.count({ where: { customer_id: jane.id } })).toBe(0);
  });

  it("answers 422 for the customer's own address, and for another customer's at verify", async () => {
    const { org, jane, token, tag } = await shop();
    const own = await ask(token, jane.email);
    expect(own.status).toBe(422);
    expect(own.body.detail[0]).toMatchObject({
      loc: ["body", "email"],
      msg: "This is already your email address.",
    });

    const bob = await createCustomer(db, org.id, { email: `bob-${tag}@example.com` });
    // Asking tells nothing about the address: the link goes out.
    expect((await ask(token, bob.email)).status).toBe(202);
    const { token: link } = await linkEmail(bob.email);
    const taken = await verify(link);
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({
      error: "RequestValidationError",
      detail: [
        { type: "value_error", loc: ["body", "token"], msg: "Email address is already in use.", input: null },
      ],
    });
    expect((await db.customer.findUniqueOrThrow({ where: { id: jane.id } })).email).toBe(jane.email);
    expect(await db.email.count({ where: { to: jane.email, kind: "customer_email_changed" } })).toBe(0);
  });

  it("lets one of two customers verifying the same address at once win; the other gets 422, never a 5xx", async () => {
    const { org, jane, token, tag } = await shop();
    const bob = await createCustomer(db, org.id, { email: `bob-${tag}@example.com` });
    const bobToken = (await createCustomerSession(db, bob.id, SIGN_IN_SESSION_TTL_MS, new Date())).token;
    const contested = `contested-${tag}@example.com`;
    expect((await ask(token, contested)).status).toBe(202);
    const janeLink = (await linkEmail(contested)).token;
    expect((await ask(bobToken, contested)).status).toBe(202);
    const bobLink = (await linkEmail(contested)).token;
    expect(bobLink).not.toBe(janeLink);

    const answers = await Promise.all([verify(janeLink), verify(bobLink)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const loser = answers.find((a) => a.status === 422)!;
    expect(loser.body.detail[0].msg).toBe("Email address is already in use.");
    const owners = await db.customer.findMany({ where: { organization_id: org.id, email: contested } });
    expect(owners).toHaveLength(1);
    expect([jane.id, bob.id]).toContain(owners[0]!.id);
  });

  it("rate limits asking per customer and per address (429)", async () => {
    process.env.RATE_LIMIT_PORTAL_EMAIL_UPDATE_PER_CUSTOMER_PER_HOUR = "2";
    process.env.RATE_LIMIT_PORTAL_EMAIL_UPDATE_PER_EMAIL_PER_HOUR = "3";
    const { org, token, tag } = await shop();
    expect((await ask(token, `a-${tag}@example.com`)).status).toBe(202);
    expect((await ask(token, `b-${tag}@example.com`)).status).toBe(202);
    const third = await ask(token, `c-${tag}@example.com`);
    expect(third.status).toBe(429);
    expect(third.body.error).toBe("RateLimitExceeded");
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await db.email.count({ where: { to: `c-${tag}@example.com` } })).toBe(0);

    // One address, asked for by several customers: its own budget.
    const target = `target-${tag}@example.com`;
    for (let i = 0; i < 4; i++) {
      const buyer = await createCustomer(db, org.id);
      const session = await createCustomerSession(db, buyer.id, SIGN_IN_SESSION_TTL_MS, new Date());
      expect((await ask(session.token, target)).status).toBe(i < 3 ? 202 : 429);
    }
    expect(await db.email.count({ where: { to: target, kind: "portal_email_update" } })).toBe(3);
  });

  it("gives another organization's session nothing from a token, and a session is needed to ask or check", async () => {
    const { token, jane } = await shop();
    const other = await shop();
    const newAddress = `moved-${randomUUID().slice(0, 8)}@example.com`;
    expect((await ask(token, newAddress)).status).toBe(202);
    const { token: link } = await linkEmail(newAddress);

    expect(await check(other.token, link)).toMatchObject({ status: 401, body: unauthorized });
    expect((await check(null, link)).status).toBe(401);
    expect((await call(requestUpdate, { body: { email: newAddress }, headers: newPeer() })).status).toBe(401);
    // The link is still Jane's, and still works.
    expect((await check(token, link)).status).toBe(204);
    expect((await verify(link)).status).toBe(200);
    expect((await db.customer.findUniqueOrThrow({ where: { id: jane.id } })).email).toBe(newAddress);
    expect((await db.customer.findUniqueOrThrow({ where: { id: other.jane.id } })).email).toBe(
      other.jane.email,
    );
  });
});

describe("the official SDK (@polar-sh/sdk 1.0.1, API 2026-10)", () => {
  it("requests, checks and verifies an email change as it declares, and throws its declared errors", async () => {
    const restore = installInProcessFetch();
    try {
      const sdk = loadDeclaredSdk("2026-10");
      const declared = (name: string) => sdk.methods.find((m) => m.name === name)!;
      const { org, jane, token, tag } = await shop();
      const polar = createPolar({ accessToken: token, baseUrl: SDK_BASE_URL });
      const newAddress = `sdk-${tag}@example.com`;

      const asked = await polar.customerPortal.customers.requestEmailUpdate({ email: newAddress });
      expect(asked).toEqual({});
      const { token: link } = await linkEmail(newAddress);
      expect(await polar.customerPortal.customers.checkEmailUpdate({ token: link })).toBeUndefined();
      const verified = await polar.customerPortal.customers.verifyEmailUpdate({ token: link });
      expect(sdk.check(verified, declared("customerPortal.customers.verifyEmailUpdate").resolves!)).toEqual(
        [],
      );
      expect(verified.token).toMatch(/^cst_/);
      expect((await db.customer.findUniqueOrThrow({ where: { id: jane.id } })).email).toBe(newAddress);

      await expect(polar.customerPortal.customers.checkEmailUpdate({ token: link })).rejects.toBeInstanceOf(
        errors.CustomerPortalCustomersCheckEmailUpdate401Error,
      );
      await expect(polar.customerPortal.customers.verifyEmailUpdate({ token: link })).rejects.toBeInstanceOf(
        errors.CustomerPortalCustomersVerifyEmailUpdate401Error,
      );
      const bob = await createCustomer(db, org.id, { email: `bob-${tag}@example.com` });
      await polar.customerPortal.customers.requestEmailUpdate({ email: bob.email });
      const taken = (await linkEmail(bob.email)).token;
      await expect(polar.customerPortal.customers.verifyEmailUpdate({ token: taken })).rejects.toBeInstanceOf(
        errors.CustomerPortalCustomersVerifyEmailUpdate422Error,
      );
    } finally {
      restore();
    }
  });
});
