// Signing in to the customer portal with a one-time code sent by email. Asking for a code answers
// the same whether or not the address is a customer (no enumeration); a code is 6 random digits,
// kept only as an HMAC under the server secret, valid 10 minutes, used once, and dead after 5
// tries. Every try counts before the code is compared, in one conditional update, so parallel
// guesses get 5 tries in all, not 5 each.
import { randomInt, randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import { hmacHex, safeEqual } from "../secrets";
import { queueEmail } from "../email/queue";
import { portalSignInCode } from "../email/templates/portal-sign-in-code";
import { portalUrl } from "../public-url";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "./sessions";
import type { AuthenticateBody, RequestCodeBody } from "./schemas";

export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const INVALID_CODE = "Invalid or expired code.";

const codeHash = (codeId: string, code: string) =>
  hmacHex("customer_session_codes.code", `${codeId}:${code}`);

/**
 * Stores a customer's new code (hashed), ending the earlier ones: only the newest code works.
 * Returns its id. Exported for fixtures that need a code they know.
 */
export async function storeSignInCode(tx: DbOrTx, customerId: string, code: string, now: Date) {
  await tx.customerSessionCode.deleteMany({ where: { customer_id: customerId } });
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
async function findSigningInCustomer(db: Db, organizationId: string, email: string) {
  const customer = await db.customer.findFirst({
    where: { organization_id: organizationId, email, deleted_at: null },
    select: {
      id: true,
      name: true,
      email: true,
      organization: { select: { id: true, name: true, email: true, slug: true, blocked_at: true } },
    },
  });
  return customer && !customer.organization.blocked_at ? customer : null;
}

/**
 * Sends a new code to the customer (replacing any earlier one), or does nothing when the address
 * is not a customer of the organization. The caller answers 202 either way.
 */
export async function requestSignInCode(
  db: Db,
  body: RequestCodeBody,
  now = new Date(),
): Promise<Record<string, never>> {
  const customer = await findSigningInCustomer(db, body.organization_id, body.email);
  if (!customer) return {};
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.$transaction(async (tx) => {
    const id = await storeSignInCode(tx, customer.id, code, now);
    await queueEmail(tx, {
      template: portalSignInCode,
      data: {
        customerName: customer.name,
        code,
        validForMinutes: SIGN_IN_CODE_TTL_MS / 60_000,
        portalUrl: portalUrl(customer.organization.slug),
      },
      organization: customer.organization,
      to: customer.email,
      reference: `portal_sign_in_code:${id}`,
      related: { customerId: customer.id },
      now,
    });
  });
  return {};
}

/** The code for a session token (24 hours); 401 for anything wrong, all alike. */
export async function authenticateWithCode(db: Db, body: AuthenticateBody, now = new Date()) {
  const invalid = () => new ApiError("Unauthorized", INVALID_CODE);
  const customer = await findSigningInCustomer(db, body.organization_id, body.email);
  if (!customer) throw invalid();
  const latest = await db.customerSessionCode.findFirst({
    where: { customer_id: customer.id },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
  });
  if (!latest) throw invalid();
  // The try is counted (and committed) before the code is compared.
  const counted = await db.customerSessionCode.updateMany({
    where: {
      id: latest.id,
      used_at: null,
      expires_at: { gt: now },
      attempts: { lt: SIGN_IN_CODE_MAX_ATTEMPTS },
    },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count === 0 || !safeEqual(codeHash(latest.id, body.code), latest.code_hash)) throw invalid();
  return db.$transaction(async (tx) => {
    const used = await tx.customerSessionCode.updateMany({
      where: { id: latest.id, used_at: null },
      data: { used_at: now },
    });
    // A parallel request with the same code was first.
    if (used.count === 0) throw invalid();
    const session = await createCustomerSession(tx, customer.id, SIGN_IN_SESSION_TTL_MS, now);
    return { token: session.token, expires_at: session.expires_at };
  });
}
