// Emails to buyers through the real handlers: a purchase queues its receipt in the transaction that
// creates the order, the send job delivers it to a real SMTP server on loopback (read back with
// mailparser), a refusing server is retried, the embedded default keeps it for the dashboard, and
// the routes show each organization only its own emails.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createBenefit,
  createEmail,
  createMerchantUser,
  createOrganization,
  createProduct,
  createToken,
} from "@/lib/factories";
import { retryDelayMs, runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { processCheckout } from "@/lib/orders/processing";
import { SEND_EMAIL_JOB, SEND_EMAIL_MAX_ATTEMPTS } from "@/lib/email/send";
import { emailBodyContext } from "@/lib/email/queue";
import { decrypt, encrypt } from "@/lib/secrets";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { startSmtpServer, type TestSmtpServer } from "@/test/smtp-server";
import { POST as createCheckout } from "../checkouts/custom/route";
import { POST as confirm } from "../checkouts/custom/client/[client_secret]/confirm/route";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as listEmails } from "./route";
import { GET as getEmail } from "./[id]/route";

let db: Db;
let organizationId: string;
let token: string;
let priceId: string;
let smtp: TestSmtpServer;
const savedSmtpUrl = process.env.SMTP_URL;

beforeAll(async () => {
  db = await getDb();
  const organization = await createOrganization(db, { name: "Acme Software", email: "help@acme.test" });
  organizationId = organization.id;
  token = (await createToken(db, organizationId)).token;
  const keys = await createBenefit(db, organizationId, {
    type: "license_keys",
    description: "Acme Pro license",
    properties: { prefix: "ACME" },
  });
  const product = await createProduct(db, organizationId, {
    product: { name: "Acme Pro" },
    price: { price_amount: 4900 },
    benefitIds: [keys.id],
  });
  priceId = product.price.id;
  smtp = await startSmtpServer();
});

afterEach(() => {
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
  smtp.refuseWith = null;
});

afterAll(() => smtp.close());

/** A checkout created with the token and confirmed by the buyer, not yet processed. */
async function confirmedPurchase(email = "jane@example.com") {
  const created = await call(createCheckout, { token, body: { product_price_id: priceId } });
  expect(created.status).toBe(201);
  const secret: string = created.body.client_secret;
  const confirmed = await call(confirm, {
    params: { client_secret: secret },
    body: {
      customer_email: email,
      customer_name: "Jane Doe",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
  return { checkoutId: created.body.id as string, secret };
}

/** Runs every due job at `now` until none is left. */
async function drain(now = new Date()) {
  while ((await runDueJobs(db, jobHandlers, { now })).claimed > 0);
}

async function orderOf(checkoutId: string) {
  return db.order.findUniqueOrThrow({ where: { checkout_id: checkoutId } });
}

describe("the purchase receipt", () => {
  it("is queued with its send job in the order's transaction, and only there", async () => {
    const { checkoutId } = await confirmedPurchase();
    // Processing rolled back (say the commit failed): no order, so no email and no job either.
    class RolledBack extends Error {}
    await expect(
      db.$transaction(async (tx) => {
        await processCheckout(tx, checkoutId, new Date());
        expect(await tx.email.count({ where: { organization_id: organizationId } })).toBe(1);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await db.email.count({ where: { organization_id: organizationId } })).toBe(0);
    expect(await db.job.count({ where: { name: SEND_EMAIL_JOB } })).toBe(0);

    // The processing job alone (the oldest due job): the order commits with exactly one receipt.
    expect(await runDueJobs(db, jobHandlers, { limit: 1 })).toMatchObject({ claimed: 1, succeeded: 1 });
    const order = await orderOf(checkoutId);
    const emails = await db.email.findMany({ where: { order_id: order.id } });
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email).toMatchObject({
      organization_id: organizationId,
      kind: "order_receipt",
      reference: `order_receipt:${order.id}`,
      status: "queued",
      attempts: 0,
      to: "jane@example.com",
      from: '"Acme Software" <no-reply@localhost>',
      reply_to: "help@acme.test",
      subject: "[Test] Your receipt from Acme Software",
      customer_id: order.customer_id,
      subscription_id: null,
      message_id: `<${email.id}@localhost>`,
      sent_at: null,
    });
    const job = await db.job.findFirstOrThrow({ where: { name: SEND_EMAIL_JOB } });
    expect(job).toMatchObject({ status: "pending", payload: { email_id: email.id } });

    // The bodies hold the license key, so they are only stored sealed, each bound to its row.
    const key = (await db.licenseKey.findFirstOrThrow({ where: { customer_id: order.customer_id } })).key;
    expect(JSON.stringify(email)).not.toContain(key);
    expect(email.text_sealed).toMatch(/^v1\./);
    expect(decrypt(email.text_sealed, emailBodyContext(email.id, "text"))).toContain(key);
    expect(() => decrypt(email.text_sealed, emailBodyContext(email.id, "html"))).toThrow();

    // Processing again (a retried job) queues nothing more.
    await db.$transaction((tx) => processCheckout(tx, checkoutId, new Date()));
    expect(await db.email.count({ where: { order_id: order.id } })).toBe(1);
    await drain();
  });

  it("is the same receipt for a subscription's first order", async () => {
    const monthly = await createProduct(db, organizationId, {
      product: { name: "Acme Cloud" },
      price: { type: "recurring", recurring_interval: "month", price_amount: 900 },
    });
    const created = await call(createCheckout, { token, body: { product_price_id: monthly.price.id } });
    const confirmed = await call(confirm, {
      params: { client_secret: created.body.client_secret },
      body: {
        customer_email: "subscriber@example.com",
        customer_name: "Sam Subscriber",
        customer_billing_address: { country: "US" },
        confirmation_token_id: TEST_TOKENS.succeeds,
      },
    });
    expect(confirmed.status).toBe(200);
    await runDueJobs(db, jobHandlers, { limit: 1 });
    const order = await orderOf(created.body.id);
    expect(order.billing_reason).toBe("subscription_create");
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id } });
    expect(email).toMatchObject({ kind: "order_receipt", subscription_id: order.subscription_id });
    const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
    expect(text).toContain("Product: Acme Cloud (monthly subscription)");
    expect(text).toContain("Total paid: $9.00");
    await drain();
  });

  it("leaves out the purchase link, not the purchase, when the checkout's secret does not open", async () => {
    const { checkoutId } = await confirmedPurchase("buyer.rotated@example.com");
    // As after an APP_SECRET rotation that dropped the old secret: the sealed value no longer opens.
    await db.checkoutSession.update({
      where: { id: checkoutId },
      data: { client_secret_ciphertext: encrypt("cs_unreadable", "another-context") },
    });
    await db.$transaction((tx) => processCheckout(tx, checkoutId, new Date()));
    const order = await orderOf(checkoutId);
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id } });
    const text = decrypt(email.text_sealed, emailBodyContext(email.id, "text"));
    expect(text).toContain("Total paid: $49.00");
    expect(text).not.toContain("Your purchase:");
    await drain();
  });

  it("is sent through SMTP after commit: the server receives it with its key, total and links", async () => {
    process.env.SMTP_URL = smtp.url;
    const { checkoutId, secret } = await confirmedPurchase("buyer.smtp@example.com");
    const before = smtp.messages.length;
    await drain();
    const order = await orderOf(checkoutId);
    const key = (await db.licenseKey.findFirstOrThrow({ where: { customer_id: order.customer_id } })).key;
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id } });
    expect(email).toMatchObject({ status: "sent", transport: "smtp", attempts: 1, last_error: null });
    expect(email.sent_at).toBeInstanceOf(Date);

    expect(smtp.messages.length).toBe(before + 1);
    const message = smtp.messages.at(-1)!;
    expect(message.from?.value).toEqual([{ name: "Acme Software", address: "no-reply@localhost" }]);
    expect(message.replyTo?.value).toEqual([{ name: "", address: "help@acme.test" }]);
    expect(message.to).toMatchObject({ value: [{ address: "buyer.smtp@example.com" }] });
    expect(message.subject).toBe("[Test] Your receipt from Acme Software");
    expect(message.messageId).toBe(email.message_id);
    const confirmation = `http://localhost:3000/checkout/${secret}/confirmation`;
    expect(message.text).toContain(key);
    expect(message.text).toContain("Total paid: $49.00");
    expect(message.text).toContain(`Your purchase: ${confirmation}`);
    expect(message.text).toContain("Questions? Write to help@acme.test.");
    expect(message.html).toContain(key);
    expect(message.html).toContain("$49.00");
    expect(message.html).toContain(`href="${confirmation}"`);
  });

  it("is retried with backoff while the server refuses it (451), then sent", async () => {
    process.env.SMTP_URL = smtp.url;
    smtp.refuseWith = { code: 451, message: "Try again later" };
    const { checkoutId } = await confirmedPurchase("buyer.retry@example.com");
    const start = new Date();
    expect(await runDueJobs(db, jobHandlers, { now: start })).toMatchObject({
      claimed: 2,
      succeeded: 1,
      retried: 1,
    });
    const order = await orderOf(checkoutId);
    let email = await db.email.findFirstOrThrow({ where: { order_id: order.id } });
    expect(email).toMatchObject({ status: "queued", attempts: 1, transport: "smtp" });
    expect(email.last_error).toContain("451");
    expect(smtp.refused).toBeGreaterThanOrEqual(1);
    const job = await db.job.findFirstOrThrow({ where: { payload: { equals: { email_id: email.id } } } });
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job.run_at.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not before its time; then the server takes it.
    expect((await runDueJobs(db, jobHandlers, { now: start })).claimed).toBe(0);
    smtp.refuseWith = null;
    const before = smtp.messages.length;
    await drain(new Date(start.getTime() + retryDelayMs(1)));
    email = await db.email.findFirstOrThrow({ where: { id: email.id } });
    expect(email).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.messages.at(-1)!.messageId).toBe(email.message_id);
  });

  it("is marked failed when the server refuses every attempt", async () => {
    process.env.SMTP_URL = smtp.url;
    smtp.refuseWith = { code: 451, message: "Mailbox busy" };
    const email = await queuedReceipt("buyer.fail@example.com");
    let now = new Date();
    for (let attempt = 1; attempt <= SEND_EMAIL_MAX_ATTEMPTS; attempt++) {
      expect((await runDueJobs(db, jobHandlers, { now })).claimed).toBe(1);
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    const failed = await db.email.findUniqueOrThrow({ where: { id: email.id } });
    expect(failed).toMatchObject({ status: "failed", attempts: SEND_EMAIL_MAX_ATTEMPTS, sent_at: null });
    expect(failed.last_error).toContain("Mailbox busy");
    expect((await runDueJobs(db, jobHandlers, { now })).claimed).toBe(0);
  });

  it("is resent with the same Message-ID when an attempt's outcome was lost", async () => {
    process.env.SMTP_URL = smtp.url;
    const email = await queuedReceipt("buyer.twice@example.com");
    // As after a crash between the send and its record: the email is still queued, the job runs again.
    await drain();
    await db.email.update({ where: { id: email.id }, data: { status: "queued", sent_at: null } });
    const { enqueueJob } = await import("@/lib/jobs/queue");
    await enqueueJob(db, SEND_EMAIL_JOB, { email_id: email.id });
    await drain();
    const received = smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes("buyer.twice@"));
    expect(received.map((m) => m.messageId)).toEqual([email.message_id, email.message_id]);
    expect(await db.email.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });
});

/** A purchase processed up to its queued (unsent) receipt. */
async function queuedReceipt(buyer: string) {
  const { checkoutId } = await confirmedPurchase(buyer);
  await db.$transaction((tx) => processCheckout(tx, checkoutId, new Date()));
  const order = await orderOf(checkoutId);
  // The processing job found the session already processed: it only needs clearing away.
  await runDueJobs(db, jobHandlers, { limit: 1 });
  return db.email.findFirstOrThrow({ where: { order_id: order.id } });
}

describe("the embedded transport (no SMTP_URL)", () => {
  it("keeps the email, prints one line without its body, and the API shows it", async () => {
    delete process.env.SMTP_URL;
    const { checkoutId } = await confirmedPurchase("embedded.buyer@example.com");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    let printed: string[];
    try {
      await drain();
      printed = log.mock.calls.map((args) => String(args[0]));
    } finally {
      log.mockRestore();
    }
    const order = await orderOf(checkoutId);
    const key = (await db.licenseKey.findFirstOrThrow({ where: { customer_id: order.customer_id } })).key;
    const email = await db.email.findFirstOrThrow({ where: { order_id: order.id } });
    expect(email).toMatchObject({ status: "sent", transport: "embedded", attempts: 1 });
    expect(printed.join("\n")).not.toContain(key);
    const lines = printed.filter((line) => line.includes(email.id));
    expect(lines).toEqual([
      `Email ${email.id} to e***@example.com: [Test] Your receipt from Acme Software ` +
        "(embedded transport; see the dashboard Emails page)",
    ]);

    const list = await call(listEmails, { token, query: { order_id: order.id } });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ total_count: 1, max_page: 1 });
    expect(list.body.items[0]).toMatchObject({
      id: email.id,
      to: "embedded.buyer@example.com",
      subject: "[Test] Your receipt from Acme Software",
      kind: "order_receipt",
      status: "sent",
      transport: "embedded",
      order_id: order.id,
      sent_at: email.sent_at!.toISOString(),
    });
    expect(list.body.items[0]).not.toHaveProperty("text");
    expect(list.body.items[0]).not.toHaveProperty("html");

    const one = await call(getEmail, { token, params: { id: email.id } });
    expect(one.status).toBe(200);
    expect(one.body.text).toContain(key);
    expect(one.body.text).toContain("Total paid: $49.00");
    expect(one.body.html).toContain(key);
  });
});

describe("GET /v1/emails/ and /v1/emails/{id}", () => {
  let mine: Awaited<ReturnType<typeof createEmail>>;
  let theirs: Awaited<ReturnType<typeof createEmail>>;
  let otherToken: string;

  beforeAll(async () => {
    const other = await createOrganization(db);
    otherToken = (await createToken(db, other.id)).token;
    mine = await createEmail(db, organizationId, { to: "mine@example.com", status: "failed" });
    theirs = await createEmail(db, other.id, { to: "theirs@example.com" });
  });

  it("shows an organization only its own emails; another's is 404", async () => {
    const list = await call(listEmails, { token, query: { limit: 100 } });
    const ids = list.body.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    // The organization filter narrows, never widens.
    const widened = await call(listEmails, {
      token,
      query: { organization_id: theirs.organization_id ?? "" },
    });
    expect(widened.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
    expect(await call(getEmail, { token, params: { id: theirs.id } })).toMatchObject({
      status: 404,
      body: { error: "ResourceNotFound" },
    });
    expect((await call(getEmail, { token: otherToken, params: { id: theirs.id } })).status).toBe(200);
  });

  it("filters by status, newest first by default", async () => {
    const failed = await call(listEmails, { token, query: { status: "failed", limit: 100 } });
    expect(failed.body.items.map((item: { id: string }) => item.id)).toContain(mine.id);
    expect(new Set(failed.body.items.map((item: { status: string }) => item.status))).toEqual(
      new Set(["failed"]),
    );
    const all = await call(listEmails, { token, query: { limit: 100 } });
    const created = all.body.items.map((item: { created_at: string }) => item.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("needs emails:read; a token without it is 403, none is 401", async () => {
    const readOnly = (await createToken(db, organizationId, { scopes: ["emails:read"] })).token;
    expect((await call(getEmail, { token: readOnly, params: { id: mine.id } })).status).toBe(200);
    const without = (await createToken(db, organizationId, { scopes: ["orders:read"] })).token;
    for (const response of [
      await call(listEmails, { token: without }),
      await call(getEmail, { token: without, params: { id: mine.id } }),
    ]) {
      expect(response).toMatchObject({ status: 403, body: { error: "insufficient_scope" } });
    }
    expect((await call(listEmails, {})).status).toBe(401);
    expect(await call(getEmail, { token, params: { id: "not-a-uuid" } })).toMatchObject({
      status: 422,
      body: { detail: [{ type: "uuid_parsing", loc: ["path", "id"] }] },
    });
  });

  it("shows a signed-in merchant the emails of their organizations", async () => {
    await createMerchantUser(db, {
      email: "emails-merchant@example.com",
      password: "pw for the emails test",
      organizationIds: [organizationId],
    });
    const signedIn = await call(signIn, {
      body: { email: "emails-merchant@example.com", password: "pw for the emails test" },
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const one = await call(getEmail, { headers: { cookie }, params: { id: mine.id } });
    expect(one).toMatchObject({
      status: 200,
      body: { id: mine.id, text: "Hello from the factory.", html: "<p>Hello from the factory.</p>" },
    });
    expect((await call(getEmail, { headers: { cookie }, params: { id: theirs.id } })).status).toBe(404);
  });
});
