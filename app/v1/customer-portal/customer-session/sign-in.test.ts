// Signing in to the customer portal through the real handlers: a code asked for is emailed (read
// back by unsealing the queued email, and once through a real SMTP server), exchanged for a token
// that works on the portal's routes; wrong, expired and reused codes are 401 alike; unknown
// addresses get the same 202 and no email; asking is rate limited per address and per client
// address, checking per address, and neither a flood of requests nor of wrong guesses ends the
// owner's code; the confirm token and a merchant-minted one work too; sign-out ends a session.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization, createProduct, createToken } from "@/lib/factories";
import { emailBodyContext } from "@/lib/email/queue";
import { decrypt } from "@/lib/secrets";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { POST as requestCode } from "./request/route";
import { POST as authenticate } from "./authenticate/route";
import { DELETE as signOut } from "./route";
import { GET as me } from "../customers/me/route";
import { GET as listOrders } from "../orders/route";
import { POST as createCheckout } from "../../checkouts/custom/route";
import { POST as confirm } from "../../checkouts/custom/client/[client_secret]/confirm/route";
import { POST as mintSession } from "../../customer-sessions/route";

let db: Db;
let organization: { id: string; slug: string };
let customer: { id: string; email: string };
let merchantToken: string;
let smtp: TestSmtpServer;
const saved = { ...process.env };
let peer = 0;
/** A client address of its own for each test, so that budgets never cross tests. */
const newPeer = () => fromPeer(`192.0.2.${++peer}`);

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db, { name: "Acme Software", email: "help@acme.test" });
  organization = { id: org.id, slug: org.slug };
  customer = await createCustomer(db, org.id, { email: "jane@example.com", name: "Jane Doe" });
  merchantToken = (await createToken(db, org.id)).token;
  smtp = await startSmtpServer();
});

beforeEach(() => {
  // Jane asks for and checks many codes in this file; the tests of the budgets set their own.
  process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_EMAIL_PER_HOUR = "1000";
  process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "1000";
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  process.env = { ...saved };
});

afterAll(() => smtp.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const unauthorized = { error: "Unauthorized", detail: "Invalid or expired code." };

async function ask(email: string, headers = newPeer(), organizationId = organization.id) {
  return call(requestCode, { body: { organization_id: organizationId, email }, headers });
}

/** The worker's turn: the requested codes are made and their emails queued (and sent). */
async function runWorker() {
  vi.spyOn(console, "log").mockImplementation(() => {});
  while ((await runDueJobs(db, jobHandlers, {})).claimed > 0);
}

async function exchange(code: string, email = customer.email) {
  return call(authenticate, { body: { organization_id: organization.id, email, code }, headers: newPeer() });
}

/** GET /customers/me with a token, from an address of its own (a refused token pays by address). */
const profile = (token: string | null) => call(me, { token, headers: newPeer() });

/** Asks for Jane's code: 202. */
async function askForJane() {
  const res = await ask("jane@example.com");
  expect(res.status).toBe(202);
  await runWorker();
}

/** The newest sign-in email of a customer, and the code read from its unsealed text part. */
async function lastCodeEmail(customerId = customer.id) {
  const email = await db.email.findFirstOrThrow({
    where: { customer_id: customerId, kind: "portal_sign_in_code" },
    orderBy: { created_at: "desc" },
  });
  const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
  const code = /\n {4}(\d{6})\n/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { email, text, code: code! };
}

/** A code that is not the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /v1/customer-portal/customer-session/request", () => {
  it("queues the sign-in code email (code in the body only) and answers 202 {}", async () => {
    await runWorker();
    const before = await db.email.count();
    const res = await ask("  Jane@Example.COM ");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});
    // The request only records itself: the worker sends the code.
    expect(await db.email.count()).toBe(before);
    await runWorker();
    expect(await db.email.count()).toBe(before + 1);
    const { email, text, code } = await lastCodeEmail();
    expect(email).toMatchObject({
      organization_id: organization.id,
      kind: "portal_sign_in_code",
      to: "jane@example.com",
      subject: "[Test] Your sign-in code for Acme Software",
      reply_to: "help@acme.test",
      status: "sent",
    });
    expect(email.subject).not.toContain(code);
    expect(text).toContain(`Sign in at: http://localhost:3000/portal/${organization.slug}`);
    expect(decrypt(email.html_sealed, emailBodyContext(email.id, "html"))).toContain(code);
    // Kept only as a keyed hash: the database does not hold the code.
    const stored = await db.customerSessionCode.findFirstOrThrow({ where: { customer_id: customer.id } });
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(10 * 60 * 1000);
  });

  it("answers the same 202 for an address that is not a customer, and sends nothing", async () => {
    await runWorker();
    const before = await db.email.count();
    for (const [email, organizationId] of [
      ["nobody@example.com", organization.id],
      ["jane@example.com", "00000000-0000-4000-8000-000000000000"],
    ]) {
      const res = await ask(email!, newPeer(), organizationId);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({});
    }
    await runWorker();
    expect(await db.email.count()).toBe(before);
    expect(await db.job.count({ where: { name: "portal.sign_in_code", status: { not: "succeeded" } } })).toBe(
      0,
    );
  });

  it("is rate limited per address and organization (429 with Retry-After), whoever asks", async () => {
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_EMAIL_PER_HOUR = "3";
    const target = await createCustomer(db, organization.id, { email: "limited@example.com" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask("limited@example.com")).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await ask("LIMITED@example.com");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("RateLimitExceeded");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await runWorker();
    expect(await db.email.count({ where: { customer_id: target.id } })).toBe(3);
    // Unknown addresses count the same way: a 429 tells nothing about who is a customer.
    const unknown = [];
    for (let i = 0; i < 4; i++) unknown.push((await ask("ghost@example.com")).status);
    expect(unknown).toEqual([202, 202, 202, 429]);
    expect((await ask("someone-else@example.com")).status).toBe(202);
  });

  it("is rate limited per client address", async () => {
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_IP_PER_HOUR = "2";
    const headers = newPeer();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(`walker${i}@example.com`, headers)).status);
    expect(statuses).toEqual([202, 202, 429]);
    expect((await ask("walker9@example.com", newPeer())).status).toBe(202);
  });

  it("rejects a malformed address with 422 and queues nothing", async () => {
    const before = await db.email.count();
    const res = await call(requestCode, {
      body: { organization_id: organization.id, email: "not-an-email" },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(["body", "email"]);
    expect(await db.email.count()).toBe(before);
  });
});

describe("POST /v1/customer-portal/customer-session/authenticate", () => {
  // With a moved clock, each test signs in a customer of its own: the rate-limit buckets of an
  // address charged at another time would not tell the clock apart.
  async function clockedCustomer(email: string, t0: Date) {
    const buyer = await createCustomer(db, organization.id, { email });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    expect((await ask(email)).status).toBe(202);
    await runWorker();
    return { buyer, code: (await lastCodeEmail(buyer.id)).code };
  }

  it("exchanges the emailed code for a 24-hour token that works on the portal", async () => {
    await askForJane();
    const { code } = await lastCodeEmail();
    const res = await exchange(code, "JANE@example.com");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.stringMatching(/^cst_/), expires_at: expect.any(String) });
    const session = await profile(res.body.token);
    expect(session.status).toBe(200);
    expect(session.body.id).toBe(customer.id);
    // Reused: 401, and the session it made keeps working.
    expect(await exchange(code)).toMatchObject({ status: 401, body: unauthorized });
    expect((await profile(res.body.token)).status).toBe(200);
  });

  it("gives a token that works for 24 hours by the clock", async () => {
    // In the past: rows written at a moved clock must not look newer than the other tests' later.
    const t0 = new Date(Date.now() - 5 * DAY_MS);
    const { buyer, code } = await clockedCustomer("daylong@example.com", t0);
    vi.setSystemTime(new Date(t0.getTime() + 9 * 60 * 1000));
    const res = await exchange(code, "daylong@example.com");
    expect(res.status).toBe(200);
    expect(res.body.expires_at).toBe(new Date(t0.getTime() + 9 * 60 * 1000 + DAY_MS).toISOString());
    vi.setSystemTime(new Date(t0.getTime() + DAY_MS));
    expect((await profile(res.body.token)).body.id).toBe(buyer.id);
    vi.setSystemTime(new Date(t0.getTime() + 9 * 60 * 1000 + DAY_MS));
    const expired = await profile(res.body.token);
    expect(expired).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
    expect(expired.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("refuses a wrong code, and the right one 11 minutes later", async () => {
    const t0 = new Date(Date.now() - 4 * DAY_MS);
    const { code } = await clockedCustomer("slow@example.com", t0);
    expect(await exchange(wrong(code), "slow@example.com")).toMatchObject({
      status: 401,
      body: unauthorized,
    });
    expect(await exchange(code, "other@example.com")).toMatchObject({ status: 401, body: unauthorized });
    expect(await exchange("not a code", "slow@example.com")).toMatchObject({
      status: 401,
      body: unauthorized,
    });
    vi.setSystemTime(new Date(t0.getTime() + 11 * 60 * 1000));
    expect(await exchange(code, "slow@example.com")).toMatchObject({ status: 401, body: unauthorized });
  });

  it("limits tries per address (429, stranger or not) and never kills the owner's code", async () => {
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "10";
    const t0 = new Date(Date.now() - 3 * DAY_MS);
    const { code } = await clockedCustomer("guessed@example.com", t0);
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await exchange(wrong(code), "guessed@example.com")).status);
    expect(tries).toEqual([...Array(10).fill(401), 429]);
    // Spent: even the right code waits, with the same 429 a stranger's address gets.
    const refused = await exchange(code, "guessed@example.com");
    expect(refused).toMatchObject({ status: 429, body: { error: "RateLimitExceeded" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const stranger = [];
    for (let i = 0; i < 11; i++) stranger.push((await exchange(code, "nobody-guessed@example.com")).status);
    expect(stranger).toEqual([...Array(10).fill(401), 429]);
    // One try back every 6 minutes: the owner's code was not spent by the guesses and still works.
    vi.setSystemTime(new Date(t0.getTime() + 6 * 60 * 1000 + 1000));
    const res = await exchange(code, "guessed@example.com");
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^cst_/);
  });

  it("gives parallel guesses the address's budget in all, and one session for parallel right codes", async () => {
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "10";
    const t0 = new Date(Date.now() - 2 * DAY_MS);
    const { buyer, code } = await clockedCustomer("racer@example.com", t0);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => exchange(wrong(code), "racer@example.com")),
    );
    expect(guesses.map((g) => g.status).sort()).toEqual([...Array(10).fill(401), 429, 429]);

    vi.setSystemTime(new Date(t0.getTime() + 8 * 60 * 1000));
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "1000";
    const racers = await Promise.all(Array.from({ length: 4 }, () => exchange(code, "racer@example.com")));
    expect(racers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
    expect(await db.customerSession.count({ where: { customer_id: buyer.id } })).toBe(1);
  });

  it("a new code leaves the earlier ones working (the newest 5); signing in ends them all", async () => {
    const buyer = await createCustomer(db, organization.id, { email: "many-codes@example.com" });
    const codes = [];
    for (let i = 0; i < 6; i++) {
      expect((await ask("many-codes@example.com")).status).toBe(202);
      await runWorker();
      codes.push((await lastCodeEmail(buyer.id)).code);
    }
    const [oldest, second, ...later] = codes as [string, string, ...string[]];
    const distinct = new Set(codes).size === codes.length;
    expect(await db.customerSessionCode.count({ where: { customer_id: buyer.id } })).toBe(5);
    if (distinct) expect((await exchange(oldest, "many-codes@example.com")).status).toBe(401);
    expect((await exchange(second, "many-codes@example.com")).status).toBe(200);
    for (const used of [second, ...later])
      expect((await exchange(used, "many-codes@example.com")).status).toBe(401);
  });

  it("a flood of requests by anyone neither ends the owner's code nor keeps them from signing in", async () => {
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_EMAIL_PER_HOUR = "5";
    const buyer = await createCustomer(db, organization.id, { email: "flooded@example.com" });
    expect((await ask("flooded@example.com")).status).toBe(202);
    await runWorker();
    const { code } = await lastCodeEmail(buyer.id);
    // Someone else asks for codes for the same address, from addresses of their own.
    const flood = [];
    for (let i = 0; i < 8; i++) flood.push((await ask("flooded@example.com")).status);
    expect(flood).toEqual([202, 202, 202, 202, 429, 429, 429, 429]);
    await runWorker();
    const res = await exchange(code, "flooded@example.com");
    expect(res.status).toBe(200);
    expect((await profile(res.body.token)).body.id).toBe(buyer.id);
  });

  it("delivers the code through a real SMTP server, and the code read there signs in", async () => {
    // Earlier tests' emails go out through the embedded transport first.
    await runWorker();
    process.env.SMTP_URL = smtp.url;
    const before = smtp.messages.length;
    await askForJane();
    expect(smtp.messages.length).toBe(before + 1);
    const message = smtp.messages.at(-1)!;
    expect(message.subject).toBe("[Test] Your sign-in code for Acme Software");
    expect(message.to).toMatchObject({ value: [{ address: "jane@example.com" }] });
    const code = /\n {4}(\d{6})\n/.exec(message.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(message.subject).not.toContain(code);
    expect(message.html).toContain(code);
    const res = await exchange(code!);
    expect(res.status).toBe(200);
    expect((await profile(res.body.token)).status).toBe(200);
  });
});

describe("other customer session tokens", () => {
  it("the token checkout confirm returns works on the portal", async () => {
    const { price } = await createProduct(db, organization.id, { price: { price_amount: 1500 } });
    const created = await call(createCheckout, {
      token: merchantToken,
      body: { product_price_id: price.id },
    });
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: "buyer.confirm@example.com",
        customer_name: "Confirm Buyer",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    while ((await runDueJobs(db, jobHandlers, {})).claimed > 0);
    const token = confirmed.body.customer_session_token;
    const signedIn = await profile(token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe("buyer.confirm@example.com");
    const orders = await call(listOrders, { token });
    expect(orders.body.items.map((o: { amount: number }) => o.amount)).toEqual([1500]);
  });

  it("a merchant-minted session works, and its URL signs in to the organization's portal", async () => {
    const res = await call(mintSession, { token: merchantToken, body: { customer_id: customer.id } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      token: expect.stringMatching(/^cst_/),
      created_at: expect.any(String),
      modified_at: null,
      expires_at: expect.any(String),
      customer_id: customer.id,
      customer: expect.objectContaining({ id: customer.id, email: customer.email, deleted_at: null }),
      customer_portal_url: `http://localhost:3000/portal/${organization.slug}?customer_session_token=${res.body.token}`,
      return_url: null,
    });
    const row = await db.customerSession.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.token_hash).not.toBe(res.body.token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60 * 60 * 1000);
    expect((await profile(res.body.token)).body.id).toBe(customer.id);
  });

  it("minting needs customer_sessions:write and a customer of the token's organization", async () => {
    const readOnly = (await createToken(db, organization.id, { scopes: ["customers:read"] })).token;
    const refused = await call(mintSession, { token: readOnly, body: { customer_id: customer.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("insufficient_scope");
    const other = await createOrganization(db);
    const stranger = await createCustomer(db, other.id);
    const foreign = await call(mintSession, { token: merchantToken, body: { customer_id: stranger.id } });
    expect(foreign).toMatchObject({ status: 404, body: { error: "ResourceNotFound" } });
    expect(await db.customerSession.count({ where: { customer_id: stranger.id } })).toBe(0);
    expect((await call(mintSession, { body: { customer_id: customer.id }, headers: newPeer() })).status).toBe(
      401,
    );
  });

  it("a merchant's token, a missing or unknown token are 401 on portal routes", async () => {
    for (const token of [merchantToken, null, "cst_unknown", "Bearer"]) {
      const res = await profile(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("Unauthorized");
    }
  });

  it("signing out revokes the token (204), and only that one", async () => {
    const one = (await call(mintSession, { token: merchantToken, body: { customer_id: customer.id } })).body
      .token;
    const two = (await call(mintSession, { token: merchantToken, body: { customer_id: customer.id } })).body
      .token;
    const res = await call(signOut, { method: "DELETE", token: one, headers: newPeer() });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await profile(one)).status).toBe(401);
    expect((await call(signOut, { method: "DELETE", token: one, headers: newPeer() })).status).toBe(401);
    expect((await profile(two)).status).toBe(200);
  });
});
