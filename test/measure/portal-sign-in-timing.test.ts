// A measurement, not a check (skipped unless MEASURE_PORTAL_SIGN_IN=1): the median time in process
// to ask for a code and to check a wrong one, for an address that is a customer and one that is
// not, alternating, through the real route handlers. docs/portal-security.md reports the numbers.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization } from "@/lib/factories";
import { call } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as requestCode } from "@/app/v1/customer-portal/customer-session/request/route";
import { POST as authenticate } from "@/app/v1/customer-portal/customer-session/authenticate/route";

const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 200);
let db: Db;
let organizationId: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_EMAIL_PER_HOUR = "100000";
  process.env.RATE_LIMIT_PORTAL_SIGN_IN_PER_IP_PER_HOUR = "100000";
  process.env.RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR = "100000";
  process.env.RATE_LIMIT_IP_PER_MINUTE = "100000";
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  await createCustomer(db, organizationId, { email: "known@example.com" });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(fn: () => Promise<{ status: number }>, status: number) {
  const start = performance.now();
  const res = await fn();
  const ms = performance.now() - start;
  expect(res.status).toBe(status);
  return ms;
}

describe.skipIf(!process.env.MEASURE_PORTAL_SIGN_IN)("portal sign-in timing", () => {
  it("medians for a customer and a stranger", async () => {
    const ask = (email: string) =>
      call(requestCode, { body: { organization_id: organizationId, email }, headers: fromPeer("192.0.2.1") });
    const check = (email: string) =>
      call(authenticate, {
        body: { organization_id: organizationId, email, code: "000000" },
        headers: fromPeer("192.0.2.2"),
      });
    // Warm up both paths.
    for (let i = 0; i < 20; i++) {
      await ask("known@example.com");
      await ask("stranger@example.com");
      await check("known@example.com");
      await check("stranger@example.com");
    }
    const times = {
      askKnown: [] as number[],
      askUnknown: [] as number[],
      checkKnown: [] as number[],
      checkUnknown: [] as number[],
    };
    for (let i = 0; i < ROUNDS; i++) {
      times.askKnown.push(await timed(() => ask("known@example.com"), 202));
      times.askUnknown.push(await timed(() => ask("stranger@example.com"), 202));
      times.checkKnown.push(await timed(() => check("known@example.com"), 401));
      times.checkUnknown.push(await timed(() => check("stranger@example.com"), 401));
    }
    const result = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v).toFixed(2)]));
    const where = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(`portal sign-in medians (ms, ${ROUNDS} rounds, ${where}): ${JSON.stringify(result)}`);
  }, 600_000);
});
