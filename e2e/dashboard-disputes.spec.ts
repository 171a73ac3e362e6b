// A disputed order on the dashboard. Disputes come only from the payment processor, so this spec
// makes one the way the processor's event job does, through recordProcessorDispute (the factory
// lib/factories/disputes.ts): it needs the server's database, so it starts the app's own server on
// a fresh PostgreSQL database of its own (the spec process connects to the same one), with the
// merchant set up by the setup code the server prints. Then, signed out at the home page: sign in,
// the orders list, the disputed order shows its "Disputes" section (an undisputed one none), on a
// phone too without sideways scrolling; another organization's token cannot read the dispute.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "./env";
import { outputMatches } from "./server-output";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 23;
const base = `http://127.0.0.1:${port}`;
const POSTGRES = process.env.E2E_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432";
const database = `e2e_disputes_${Date.now().toString(36)}_${process.pid}`;
const databaseUrl = `${POSTGRES}/${database}`;
// The server and this process seal and open the same values (the dispute's email bodies).
const APP_SECRET = "e2e-disputes-secret-0123456789abcdef0123456789abcdef";
const EMAIL = "owner@disputed.test";
const PASSWORD = "a password for disputes";

let server: ChildProcess | null = null;
let output = "";
let disputed: { orderId: string; invoiceNumber: string; disputeId: string };
let undisputedOrderId: string;
let otherToken: string;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The data, made in this process on the server's database: a paid order disputed through the service. */
async function makeDisputedOrder(organizationId: string) {
  process.env.DATABASE_URL = databaseUrl;
  process.env.APP_SECRET = APP_SECRET;
  const { getDb } = await import("../lib/db/client");
  const factories = await import("../lib/factories");
  const { createPaidOrder } = await import("../lib/factories/refunds");
  const { createDispute } = await import("../lib/factories/disputes");
  const db = await getDb();
  const { price } = await factories.createProduct(db, organizationId, {
    product: { name: "Disputed Pro" },
    price: { price_amount: 4_000 },
  });
  const order = async (email: string) => {
    const customer = await factories.createCustomer(db, organizationId, { email });
    return createPaidOrder(db, organizationId, { customerId: customer.id, priceId: price.id });
  };
  const { order: paid, payment } = await order("chargeback@example.com");
  const dispute = await createDispute(db, payment, {
    amount: 4_000,
    reason: "product_not_received",
    status: "needs_response",
    evidenceDueBy: new Date("2030-01-15T12:00:00.000Z"),
  });
  disputed = { orderId: paid.id, invoiceNumber: paid.invoice_number, disputeId: dispute.id };
  undisputedOrderId = (await order("happy@example.com")).order.id;
  const other = await factories.createOrganization(db, { name: "Someone Else" });
  otherToken = (await factories.createToken(db, other.id)).token;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    APP_SECRET,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: base,
    SEED_DEMO: "false",
    RATE_LIMIT_IP_PER_MINUTE: "100000",
  };
  delete env.DEMO_ACCESS_TOKEN;
  server = spawn(process.execPath, ["scripts/serve.mjs", "start"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  await outputMatches(server, () => output, /Ready on http/, 150_000);
  const setupCode = /Setup code: +([A-Z0-9-]+)/.exec(output)?.[1];
  const setup = await request.post(`${base}/v1/auth/setup`, {
    data: {
      setup_code: setupCode,
      email: EMAIL,
      password: PASSWORD,
      organization_name: "Disputed Software",
      organization_slug: "disputed",
    },
  });
  expect(setup.status(), await setup.text()).toBe(201);
  const signedIn = await request.post(`${base}/v1/auth/sign-in`, {
    data: { email: EMAIL, password: PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const session = await (await request.get(`${base}/v1/auth/session`)).json();
  await makeDisputedOrder(session.organizations[0].id as string);
});

test.afterAll(async () => {
  const { closeDb } = await import("../lib/db/client");
  await closeDb();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

async function signInFromHome(page: Page) {
  await page.goto(`${base}/`);
  await page.getByRole("link", { name: "Merchant dashboard" }).click();
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${base}/dashboard/disputed`);
}

const disputesSection = (page: Page) => page.getByRole("table", { name: "Disputes of this order" });

test("a disputed order shows its dispute; an undisputed one no section; not another organization's", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInFromHome(page);
  await page.goto(`${base}/dashboard/disputed/orders`);
  await page.getByRole("row").filter({ hasText: disputed.invoiceNumber }).getByRole("link").click();
  await expect(page).toHaveURL(`${base}/dashboard/disputed/orders/${disputed.orderId}`);
  const table = disputesSection(page);
  await expect(table).toBeVisible();
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("$40.00");
  await expect(row).toContainText("Product not received");
  await expect(row).toContainText("Needs response");
  await expect(row).toContainText("Jan 15, 2030");
  await page.screenshot({ path: test.info().outputPath("disputed-order.png"), fullPage: true });

  // On a phone: the section fits, no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("disputed-order-375.png"), fullPage: true });

  // An order never disputed has no such section (its refunds card is there: the page has loaded).
  await page.goto(`${base}/dashboard/disputed/orders/${undisputedOrderId}`);
  await expect(page.getByText("No refunds.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Disputes" })).toHaveCount(0);

  // Another organization's token, and no credential at all, cannot read it.
  const theirs = await request.get(`${base}/v1/disputes/${disputed.disputeId}`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(theirs.status()).toBe(404);
  const listed = await request.get(`${base}/v1/disputes/?order_id=${disputed.orderId}`, {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect((await listed.json()).items).toEqual([]);
  expect((await request.get(`${base}/v1/disputes/${disputed.disputeId}`)).status()).toBe(401);
});
