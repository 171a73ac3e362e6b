// Signing in to the customer portal with a one-time code sent by email (docs/portal-security.md).
//
// Nothing a caller can time tells whether an address is a customer:
// - asking for a code does the same work for every address: it records the request (one job row,
//   the address sealed) and answers 202; the job, run later by the worker, looks the address up and
//   sends a code only to a customer (a no-op for anyone else);
// - checking a code runs the same statement for every address (the live codes of the address's
//   customer: none for a stranger) and compares against the same number of hashes, padding with a
//   dummy; only the right code, which only the mailbox's owner has, does more.
//
// A code is 6 random digits, kept only as an HMAC under the server secret, valid 10 minutes, used
// once. A new code never ends the ones already sent (up to MAX_LIVE_SIGN_IN_CODES stay valid), so
// codes asked for by someone else cannot take the owner's code away; signing in ends them all.
// Wrong guesses do not kill codes either: they are bounded by a per-address budget on checking
// (lib/api/rate-limit.ts `portalSignInCheckRateLimits`), charged for every address alike.
import { resolveLocale } from "../i18n/locales";
import { localizedUrl } from "../i18n/links";
import { randomInt, randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import { ApiError } from "../core/errors";
import { decrypt, encrypt, hmacHex, safeEqual } from "../secrets";
import { queueEmail } from "../email/queue";
import { portalSignInCode } from "../email/templates/portal-sign-in-code";
import { enqueueJob } from "../jobs/enqueue";
import type { JobHandler } from "../jobs/queue";
import { portalUrl } from "../public-url";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "./sessions";
import type { AuthenticateBody, RequestCodeBody } from "./schemas";

export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Codes of one customer valid at once: a newer one ends the oldest beyond this many. As many as
 * the default per-address request budget lets anyone ask for in a code's lifetime (5 an hour), so
 * that the codes others ask for never end the owner's.
 */
export const MAX_LIVE_SIGN_IN_CODES = 5;
export const INVALID_CODE = "Invalid or expired code.";
export const PORTAL_SIGN_IN_CODE_JOB = "portal.sign_in_code";

const codeHash = (codeId: string, code: string) =>
  hmacHex("customer_session_codes.code", `${codeId}:${code}`);

// Compared against when an address has fewer live codes than the most it may have: the same number
// of HMACs for every address. No code hashes to it (it is not hex).
const NO_CODE = { id: "00000000-0000-4000-8000-000000000000", code_hash: "-".repeat(64), customer_id: "" };

const requestContext = (organizationId: string) => `portal_sign_in_request:${organizationId}`;

/**
 * Stores a customer's new code (hashed). Earlier codes stay valid, but for the oldest beyond
 * MAX_LIVE_SIGN_IN_CODES; expired and used ones go. Returns its id. Exported for fixtures that
 * need a code they know.
 */
export async function storeSignInCode(tx: DbOrTx, customerId: string, code: string, now: Date) {
  const live = await tx.customerSessionCode.findMany({
    where: { customer_id: customerId, used_at: null, expires_at: { gt: now } },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: MAX_LIVE_SIGN_IN_CODES - 1,
    select: { id: true },
  });
  await tx.customerSessionCode.deleteMany({
    where: { customer_id: customerId, id: { notIn: live.map((c) => c.id) } },
  });
  const id = randomUUID();
  await tx.customerSessionCode.create({
    data: {
      id,
      created_at: now,
      customer_id: customerId,
      code_hash: codeHash(id, code),
      expires_at: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
    },
  });
  return id;
}

/** The organization's customer with this address (stored lower-cased), if it may sign in. */
async function findSigningInCustomer(db: DbOrTx, organizationId: string, email: string) {
  const customer = await db.customer.findFirst({
    where: { organization_id: organizationId, email, deleted_at: null },
    select: {
      id: true,
      name: true,
      email: true,
      locale: true,
      organization: { select: { id: true, name: true, email: true, slug: true, blocked_at: true } },
    },
  });
  return customer && !customer.organization.blocked_at ? customer : null;
}

type SignInCodePayload = { organization_id: string; email_sealed: string };

/**
 * Records the request for a code: the same single write whatever the address (the caller answers
 * 202). The worker sends the code (PORTAL_SIGN_IN_CODE_JOB), woken at once.
 */
export async function requestSignInCode(
  db: Db,
  body: RequestCodeBody,
  now = new Date(),
): Promise<Record<string, never>> {
  const payload: SignInCodePayload = {
    organization_id: body.organization_id,
    // Sealed: the queue holds no address in clear, a stranger's least of all.
    email_sealed: encrypt(body.email, requestContext(body.organization_id)),
  };
  await enqueueJob(db, PORTAL_SIGN_IN_CODE_JOB, payload, { now, notify: true, maxAttempts: 3 });
  return {};
}

/** Sends a new code to the customer, or does nothing when the address is not a customer. */
export async function sendSignInCode(tx: Tx, payload: SignInCodePayload, now: Date): Promise<void> {
  const email = decrypt(payload.email_sealed, requestContext(payload.organization_id));
  const customer = await findSigningInCustomer(tx, payload.organization_id, email);
  if (!customer) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = await storeSignInCode(tx, customer.id, code, now);
  await queueEmail(tx, {
    template: portalSignInCode,
    data: {
      locale: resolveLocale([customer.locale]),
      customerName: customer.name,
      code,
      validForMinutes: SIGN_IN_CODE_TTL_MS / 60_000,
      portalUrl: localizedUrl(portalUrl(customer.organization.slug), customer.locale),
    },
    organization: customer.organization,
    to: customer.email,
    reference: `portal_sign_in_code:${id}`,
    related: { customerId: customer.id },
    now,
  });
}

export const sendSignInCodeJob: JobHandler<SignInCodePayload> = {
  maxAttempts: 3,
  run: (tx, payload, ctx) => sendSignInCode(tx, payload, ctx.now),
};

/**
 * The code for a session token (24 hours); 401 for anything wrong, all alike. The caller has
 * charged the address's check budget already (every address alike).
 */
export async function authenticateWithCode(db: Db, body: AuthenticateBody, now = new Date()) {
  const invalid = () => new ApiError("Unauthorized", INVALID_CODE);
  // One statement for every address: a stranger's simply finds no rows.
  const live = await db.customerSessionCode.findMany({
    where: {
      used_at: null,
      expires_at: { gt: now },
      customer: {
        organization_id: body.organization_id,
        email: body.email,
        deleted_at: null,
        organization: { blocked_at: null },
      },
    },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: MAX_LIVE_SIGN_IN_CODES,
    select: { id: true, code_hash: true, customer_id: true },
  });
  let match: (typeof live)[number] | null = null;
  for (let i = 0; i < MAX_LIVE_SIGN_IN_CODES; i++) {
    const candidate = live[i] ?? NO_CODE;
    // Every candidate is hashed and compared, found or not: no early exit.
    if (safeEqual(codeHash(candidate.id, body.code), candidate.code_hash) && live[i]) match = live[i]!;
  }
  if (!match) throw invalid();
  const { id, customer_id } = match;
  return db.$transaction(async (tx) => {
    const used = await tx.customerSessionCode.updateMany({
      where: { id, used_at: null },
      data: { used_at: now },
    });
    // A parallel request with the same code was first.
    if (used.count === 0) throw invalid();
    // Signed in: the other codes sent to the address are of no more use.
    await tx.customerSessionCode.updateMany({
      where: { customer_id, used_at: null },
      data: { used_at: now },
    });
    const session = await createCustomerSession(tx, customer_id, SIGN_IN_SESSION_TTL_MS, now);
    return { token: session.token, expires_at: session.expires_at };
  });
}
