// Issue 28 item 13: asking for a sign-in code and checking a wrong one do the same work whether or
// not the address is a customer. Timing itself would make a flaky test; what decides the timing is
// the work, so this compares the exact statements each request sends to PostgreSQL (their text, in
// order: the values differ, the statements may not) for a customer with a live code and for a
// stranger. docs/portal-security.md has the measured times.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization } from "@/lib/factories";
import { storeSignInCode } from "@/lib/customer-portal/sign-in";
import { call, type CallResult } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as requestCode } from "./request/route";
import { POST as authenticate } from "./authenticate/route";

const statements: string[] = [];
let counting = false;
const clientQuery = pg.Client.prototype.query;
const savedEnv = { ...process.env };
let db: Db;
let organizationId: string;
let peer = 0;

async function statementsOf(request: () => Promise<CallResult>, status: number) {
  statements.length = 0;
  counting = true;
  const response = await request().finally(() => (counting = false));
  expect(response.status).toBe(status);
  return [...statements];
}

const ask = (email: string) => () =>
  call(requestCode, {
    body: { organization_id: organizationId, email },
    headers: fromPeer(`198.51.100.${++peer}`),
  });
const check = (email: string, code: string) => () =>
  call(authenticate, {
    body: { organization_id: organizationId, email, code },
    headers: fromPeer(`198.51.100.${++peer}`),
  });

describe.skipIf(!process.env.TEST_DATABASE_URL)("the same statements for a customer and a stranger", () => {
  beforeAll(async () => {
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_EMAIL_PER_HOUR = "1000";
    process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "1000";
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (counting)
        statements.push(
          typeof args[0] === "string" ? args[0] : String((args[0] as { text?: unknown })?.text),
        );
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof clientQuery;
    db = await getDb();
    organizationId = (await createOrganization(db)).id;
    const customer = await createCustomer(db, organizationId, { email: "customer@example.com" });
    await storeSignInCode(db, customer.id, "123456", new Date());
    // Warm: the first request of a kind prepares statements and loads modules.
    await ask("customer@example.com")();
    await ask("stranger@example.com")();
    await check("customer@example.com", "000000")();
    await check("stranger@example.com", "000000")();
  });

  afterAll(() => {
    pg.Client.prototype.query = clientQuery;
    process.env = { ...savedEnv };
  });

  it("asking for a code", async () => {
    const customer = await statementsOf(ask("customer@example.com"), 202);
    const stranger = await statementsOf(ask("stranger@example.com"), 202);
    expect(customer.length).toBeGreaterThan(0);
    expect(stranger).toEqual(customer);
  });

  it("checking a wrong code", async () => {
    const customer = await statementsOf(check("customer@example.com", "000000"), 401);
    const stranger = await statementsOf(check("stranger@example.com", "000000"), 401);
    expect(customer.length).toBeGreaterThan(0);
    expect(stranger).toEqual(customer);
  });
});
