// The merchants, sessions and reset emails of the password tests (app/v1/auth/password-reset.test.ts
// and account.test.ts), through the real handlers. Each test file has its own database; call
// `startPasswordFixture()` in its beforeAll.
import { expect } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createMerchantUser, createOrganization } from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { messageOf } from "@/lib/email/send";
import { call, type CallOptions } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as requestRoute } from "@/app/v1/auth/password-reset/request/route";
import { POST as signInRoute } from "@/app/v1/auth/sign-in/route";
import { GET as sessionRoute } from "@/app/v1/auth/session/route";

export const PASSWORD = "the first long password";
let db: Db;
let organizationId: string;
let peer = 0;
/** A client address of its own per call site: the per-address budgets of one test stay its own. */
export const newPeer = () => fromPeer(`198.51.100.${++peer}`);

export async function startPasswordFixture(): Promise<Db> {
  db = await getDb();
  organizationId = (await createOrganization(db)).id;
  return db;
}

export async function merchant(email: string) {
  return createMerchantUser(db, { email, password: PASSWORD, organizationIds: [organizationId] });
}

export type Cookies = { session: string; csrf: string };

export async function signedIn(email: string, password = PASSWORD): Promise<Cookies> {
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

export function withSession(cookies: Cookies, options: CallOptions = {}, csrf: string | null = cookies.csrf) {
  return {
    ...options,
    headers: {
      cookie: `dsb_session=${encodeURIComponent(cookies.session)}; dsb_csrf=${cookies.csrf}`,
      ...(csrf !== null ? { "x-csrf-token": csrf } : {}),
      ...options.headers,
    },
  };
}

export const isLive = async (cookies: Cookies) =>
  (await call(sessionRoute, withSession(cookies, {}, null))).status === 200;

export async function runJobs() {
  while ((await runDueJobs(db, jobHandlers, {})).claimed > 0);
}

/** The link of the newest password reset email to `to`, opened from its sealed body. */
export async function resetLinkSentTo(to: string) {
  const email = await db.email.findFirstOrThrow({
    where: { to, kind: "password_reset" },
    orderBy: { created_at: "desc" },
  });
  const text = messageOf(email).text;
  const token = /#token=(dpr_[A-Za-z0-9_-]+)/.exec(text)?.[1];
  return { email, text, token: token! };
}

export const requestReset = (email: string, headers = newPeer()) =>
  call(requestRoute, { body: { email }, headers });
