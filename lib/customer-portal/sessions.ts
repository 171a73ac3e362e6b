// Customer sessions: the buyer's credential in the customer portal (`cst_` tokens, stored only as
// their SHA-256, like access tokens). Three ways to get one: checkout confirm (lib/checkout/confirm.ts,
// 1 hour), a sign-in code sent by email (./sign-in.ts, 24 hours: the buyer proved they read that
// mailbox, and a portal visit should not end mid-task), or the merchant minting one for a customer
// (1 hour: its URL carries the token, so it should not outlive the visit it was made for).
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";
import { Prisma } from "../generated/prisma/client";
import type { CustomerPrincipal, Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { randomSecret, sha256Hex } from "../crypto";
import { hmacHex } from "../secrets";
import { portalUrl } from "../public-url";
import { toCustomer } from "../customers/schemas";

export const CUSTOMER_SESSION_TOKEN_PREFIX = "cst_";
export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;
export const SIGN_IN_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const MERCHANT_SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * The CSRF token of a customer session held in the portal's cookie: derived from the session
 * token under the server secret, so nothing more is stored, and only someone who can read the
 * portal's own cookies (its pages) can send it back in X-CSRF-Token (docs/portal-security.md).
 */
export function customerSessionCsrfToken(token: string): string {
  return hmacHex("customer_sessions.csrf", token);
}

/** A session's end, for the cookie that carries it: null when it is unknown, expired or its customer gone. */
export async function customerSessionExpiry(db: DbOrTx, token: string, now: Date): Promise<Date | null> {
  if (!token.startsWith(CUSTOMER_SESSION_TOKEN_PREFIX) || token.length > 200) return null;
  const session = await db.customerSession.findUnique({
    where: { token_hash: sha256Hex(token) },
    select: { expires_at: true, customer: { select: { deleted_at: true } } },
  });
  if (!session || session.customer.deleted_at || session.expires_at <= now) return null;
  return session.expires_at;
}

export async function createCustomerSession(db: DbOrTx, customerId: string, ttlMs: number, now: Date) {
  const token = randomSecret(CUSTOMER_SESSION_TOKEN_PREFIX);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + ttlMs);
  // Written out: every purchase makes one (checkout confirm). Measured in-process, Prisma's create
  // cost 0.52 ms of CPU, a one-row statement sent straight 0.36.
  await directSql(
    db,
    Prisma.sql`
    INSERT INTO customer_sessions (id, created_at, customer_id, token_hash, expires_at)
    VALUES (${id}::uuid, ${now.toISOString()}::timestamp, ${customerId}::uuid, ${sha256Hex(token)},
            ${expiresAt.toISOString()}::timestamp)`,
  );
  return { id, token, expires_at: expiresAt };
}

/** Sign out: the session row goes, so its token is unknown from now on. */
export async function revokeCustomerSession(db: DbOrTx, principal: CustomerPrincipal): Promise<void> {
  await db.customerSession.deleteMany({ where: { id: principal.id, customer_id: principal.customerId } });
}

/** The portal's address that signs the buyer in (the page moves the token out of the URL). */
export function signedInPortalUrl(organizationSlug: string, token: string): string {
  return `${portalUrl(organizationSlug)}?customer_session_token=${encodeURIComponent(token)}`;
}

/**
 * POST /v1/customer-sessions/: the merchant opens the portal as one of their customers (a support
 * case, or their own app linking buyers to it). A customer of another organization, or a deleted
 * one, is not found.
 */
export async function mintCustomerSession(
  db: DbOrTx,
  principal: Principal,
  customerId: string,
  now = new Date(),
) {
  const { organization, ...customer } = foundOrThrow(
    await db.customer.findFirst({
      where: { id: customerId, deleted_at: null, ...tenantWhere(principal) },
      include: { organization: { select: { slug: true } } },
    }),
    "Customer not found.",
  );
  const session = await createCustomerSession(db, customer.id, MERCHANT_SESSION_TTL_MS, now);
  return {
    ...session,
    created_at: now,
    modified_at: null,
    customer_id: customer.id,
    customer: toCustomer(customer),
    customer_portal_url: signedInPortalUrl(organization.slug, session.token),
    return_url: null,
  };
}
