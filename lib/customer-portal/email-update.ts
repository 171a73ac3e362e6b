// The buyer changes their email from the customer portal (docs/portal.md, "Changing the email
// address"), proving they read the new mailbox:
// - request (signed in): a link to the portal with a fresh token is emailed to the NEW address.
//   The token is kept only as an HMAC under the server secret, valid 30 minutes, used once; one
//   pending change per customer, so a newer request ends the older link. The answer says nothing
//   about the address (whether another customer has it is told only at verify, to whoever holds
//   the link, i.e. reads that mailbox);
// - check (signed in, the token's own customer): is the link still good;
// - verify (the token is the credential, no session needed: the link may open in another browser
//   than the one that asked): the customer's email becomes the new one, verified; a notice goes to
//   the old address, customer.updated is sent, the sign-in codes sent to the old address end, and
//   a customer session (as after a sign-in code to the new address) is answered. 422 when another
//   customer of the organization has the address, from the look-up or, in a race, from the unique
//   index on (organization_id, email).
// The emails are queued in the transaction and sent by the job worker after commit.
import { resolveLocale } from "../i18n/locales";
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import type { CustomerPrincipal } from "../core/principal";
import { lockRow } from "../core/row-lock";
import { randomSecret } from "../crypto";
import { hmacHex } from "../secrets";
import { queueEmail } from "../email/queue";
import { maskAddress } from "../email/transport";
import { portalEmailUpdate } from "../email/templates/portal-email-update";
import { customerEmailChanged } from "../email/templates/customer-email-changed";
import { emitCustomerEvent } from "../customers/events";
import { lockRowForEvents } from "../webhooks/listeners";
import { portalUrl } from "../public-url";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "./sessions";
import { foundOrThrow } from "./tenancy";
import type { EmailUpdateRequestBody } from "./schemas";

export const EMAIL_UPDATE_TTL_MS = 30 * 60 * 1000;
export const EMAIL_UPDATE_TOKEN_PREFIX = "ceu_";
/** The portal page's fragment parameter that carries the token (components/portal/email-change.tsx). */
export const EMAIL_UPDATE_FRAGMENT_PARAM = "email_update_token";
export const INVALID_EMAIL_UPDATE_TOKEN = "Invalid or expired verification token.";
export const EMAIL_IN_USE = "Email address is already in use.";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

const tokenHash = (token: string) => hmacHex("customer_email_updates.token", token);
const invalidToken = () => new ApiError("Unauthorized", INVALID_EMAIL_UPDATE_TOKEN);
// No input echoed: the token is a credential.
const emailInUse = () => ApiError.invalid(["body", "token"], EMAIL_IN_USE, null);
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/** The link the new address gets: the token in the fragment, which browsers never send. */
export function emailUpdateUrl(organizationSlug: string, token: string): string {
  return `${portalUrl(organizationSlug)}#${EMAIL_UPDATE_FRAGMENT_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * POST /v1/customer-portal/customers/me/email-update/request: 202 `{}`. The caller's budgets per
 * customer and per address were charged (lib/api/rate-limit.ts `portalEmailUpdateRateLimits`).
 */
export async function requestEmailUpdate(
  db: Db,
  principal: CustomerPrincipal,
  body: EmailUpdateRequestBody,
  now = new Date(),
): Promise<Record<string, never>> {
  await db.$transaction(async (tx) => {
    // Two requests of one customer at once: one after the other, the later one's link is the live one.
    await lockRow(tx, "customers", principal.customerId);
    const customer = foundOrThrow(
      await tx.customer.findFirst({
        where: { id: principal.customerId, organization_id: principal.organizationId, deleted_at: null },
        select: {
          id: true,
          name: true,
          email: true,
          locale: true,
          organization: { select: { id: true, name: true, email: true, slug: true } },
        },
      }),
    );
    if (customer.email === body.email)
      throw ApiError.invalid(["body", "email"], "This is already your email address.", body.email);
    const token = randomSecret(EMAIL_UPDATE_TOKEN_PREFIX);
    const id = randomUUID();
    // Only the newest link works.
    await tx.customerEmailUpdate.deleteMany({ where: { customer_id: customer.id } });
    await tx.customerEmailUpdate.create({
      data: {
        id,
        created_at: now,
        customer_id: customer.id,
        email: body.email,
        token_hash: tokenHash(token),
        expires_at: new Date(now.getTime() + EMAIL_UPDATE_TTL_MS),
      },
    });
    await queueEmail(tx, {
      template: portalEmailUpdate,
      data: {
        locale: resolveLocale([customer.locale]),
        customerName: customer.name,
        newEmail: body.email,
        confirmUrl: emailUpdateUrl(customer.organization.slug, token),
        validForMinutes: EMAIL_UPDATE_TTL_MS / 60_000,
      },
      organization: customer.organization,
      to: body.email,
      reference: `portal_email_update:${id}`,
      related: { customerId: customer.id },
      now,
    });
  }, TRANSACTION_OPTIONS);
  return {};
}

/** The live pending change a token opens, with its customer and organization; null when none. */
async function livePendingUpdate(db: DbOrTx, token: string, now: Date) {
  const pending = await db.customerEmailUpdate.findUnique({
    where: { token_hash: tokenHash(token) },
    include: {
      customer: {
        select: {
          id: true,
          organization_id: true,
          deleted_at: true,
          organization: { select: { blocked_at: true } },
        },
      },
    },
  });
  if (!pending || pending.expires_at <= now) return null;
  if (pending.customer.deleted_at || pending.customer.organization.blocked_at) return null;
  return pending;
}

/**
 * GET /v1/customer-portal/customers/me/email-update/check: nothing (204) when the token is live
 * and the signed-in customer's own; 401 otherwise, all alike.
 */
export async function checkEmailUpdate(
  db: DbOrTx,
  principal: CustomerPrincipal,
  token: string,
  now = new Date(),
) {
  const pending = await livePendingUpdate(db, token, now);
  if (!pending || pending.customer.id !== principal.customerId) throw invalidToken();
  if (pending.customer.organization_id !== principal.organizationId) throw invalidToken();
}

/** Another customer of the organization with this address (the index counts deleted ones too). */
async function addressTaken(db: DbOrTx, organizationId: string, email: string, customerId: string) {
  const other = await db.customer.findFirst({
    where: { organization_id: organizationId, email, id: { not: customerId } },
    select: { id: true },
  });
  return !!other;
}

/**
 * POST /v1/customer-portal/customers/me/email-update/verify: the change made; answers a new
 * customer session token (24 hours, also set as the portal's cookie by the route).
 */
export async function verifyEmailUpdate(db: Db, token: string, now = new Date()) {
  const pending = await livePendingUpdate(db, token, now);
  if (!pending) throw invalidToken();
  const { customer } = pending;
  // The usual case, answered before any write.
  if (await addressTaken(db, customer.organization_id, pending.email, customer.id)) throw emailInUse();
  try {
    return await db.$transaction(async (tx) => {
      // Serializes with a DELETE of the customer and with the merchant's own update of it.
      await lockRowForEvents(tx, "customers", customer.id);
      // Used once: of two verifies of one token, one deletes the row, the other finds it gone.
      const claimed = await tx.customerEmailUpdate.deleteMany({
        where: { id: pending.id, token_hash: pending.token_hash, expires_at: { gt: now } },
      });
      if (claimed.count === 0) throw invalidToken();
      const current = await tx.customer.findUnique({
        where: { id: customer.id },
        include: { organization: { select: { id: true, name: true, email: true } } },
      });
      if (!current || current.deleted_at) throw invalidToken();
      if (await addressTaken(tx, current.organization_id, pending.email, current.id)) throw emailInUse();
      const updated = await tx.customer.update({
        where: { id: current.id },
        data: { email: pending.email, email_verified: true, modified_at: now },
      });
      await emitCustomerEvent(tx, "customer.updated", updated, now, updated);
      // Codes sent to the old address sign in no more.
      await tx.customerSessionCode.updateMany({
        where: { customer_id: current.id, used_at: null },
        data: { used_at: now },
      });
      if (current.email !== pending.email) {
        await queueEmail(tx, {
          template: customerEmailChanged,
          data: {
            locale: resolveLocale([current.locale]),
            customerName: current.name,
            maskedNewEmail: maskAddress(pending.email),
            changedAt: now,
          },
          organization: current.organization,
          to: current.email,
          reference: `customer_email_changed:${pending.id}`,
          related: { customerId: current.id },
          now,
        });
      }
      const session = await createCustomerSession(tx, current.id, SIGN_IN_SESSION_TTL_MS, now);
      return { token: session.token, expires_at: session.expires_at };
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    // Another customer took the address between the look-up and the write: the index refused it.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}
