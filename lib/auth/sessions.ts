// Dashboard sign-in: email + password (scrypt), a session row per sign-in, the cookie holding a
// random token of which only the hash is stored, and a CSRF token per session that the dashboard
// echoes in X-CSRF-Token on writes. Password guessing is slowed down by sign-in-throttle.ts.
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { randomSecret, sha256Hex } from "../crypto";
import { hmacBase64url, safeEqual } from "../secrets";
import { ApiError } from "../core/errors";
import { hashPassword, verifyPassword } from "./passwords";
import { claimSignInAttempt, settleSuccessfulSignIn, signInThrottleKeys } from "./sign-in-throttle";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// last_seen_at is for humans; refreshing it on every request would turn reads into writes.
const LAST_SEEN_RESOLUTION_MS = 60_000;

export type SessionView = {
  user: { id: string; email: string; name: string | null };
  organizations: { id: string; name: string; slug: string; livemode: boolean; role: string }[];
  csrf_token: string;
};

export type SignedIn = { view: SessionView; token: string; expiresAt: Date };

// Compared against when the email is unknown, so that an unknown email costs the same time as a
// wrong password and response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | null = null;

const invalidCredentials = () => new ApiError("Unauthorized", "Invalid email or password.");

export async function signIn(
  db: DbOrTx,
  input: {
    email: string;
    password: string;
    /** The client's address (lib/http/peer.ts): guesses are throttled per address. */
    address: string;
    userAgent?: string | null;
    previousToken?: string | null;
  },
  now = new Date(),
): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const throttleKeys = signInThrottleKeys(email, input.address);
  // Counted before anything is looked up or checked, and the same for every email.
  await claimSignInAttempt(db, throttleKeys, now);
  const user = await db.user.findUnique({ where: { email } });
  decoyHash ??= hashPassword(randomUUID());
  const passwordMatches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash));
  if (!user || !passwordMatches) throw invalidCredentials();
  await settleSuccessfulSignIn(db, throttleKeys);

  // Rotation: a sign-in always starts a new session and ends the one the browser still held.
  if (input.previousToken) await signOut(db, input.previousToken, now);
  const token = randomSecret("dss_");
  const sessionId = randomUUID();
  const csrfToken = csrfTokenFor(sessionId);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.userSession.create({
    data: {
      id: sessionId,
      user_id: user.id,
      token_hash: sha256Hex(token),
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { view: await sessionView(db, user.id, csrfToken), token, expiresAt };
}

export const CSRF_REFUSED = "Missing or invalid CSRF token (X-CSRF-Token header).";

/**
 * Sign-out from a browser (POST /v1/auth/sign-out): a live session ends only with its CSRF token,
 * like every other cookie write. A page on another port of the same host is the same site, so the
 * browser sends it the cookie; without this check, its bodiless POST signed the merchant out. A
 * cookie of no live session (unknown, expired, ended) has nothing to protect: the caller clears it.
 */
export async function signOutWithCsrf(
  db: DbOrTx,
  token: string,
  csrfSent: string | null,
  now = new Date(),
): Promise<void> {
  const session = await resolveSession(db, token, now);
  if (!session) return;
  if (!csrfMatches(csrfSent, session.csrfToken)) throw new ApiError("NotPermitted", CSRF_REFUSED);
  await db.userSession.updateMany({ where: { id: session.id, revoked_at: null }, data: { revoked_at: now } });
}

export async function signOut(db: DbOrTx, token: string, now = new Date()): Promise<void> {
  await db.userSession.updateMany({
    where: { token_hash: sha256Hex(token), revoked_at: null },
    data: { revoked_at: now },
  });
}

export type ActiveSession = {
  id: string;
  userId: string;
  csrfToken: string;
  organizationIds: string[];
};

/** The live session behind a cookie token, or null (unknown, revoked or expired). */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<ActiveSession | null> {
  const row = await db.userSession.findUnique({
    where: { token_hash: sha256Hex(token) },
    include: {
      user: {
        select: {
          memberships: {
            where: { organization: { blocked_at: null } },
            select: { organization_id: true },
          },
        },
      },
    },
  });
  if (!row || row.revoked_at || row.expires_at <= now) return null;
  if (now.getTime() - row.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.userSession.update({ where: { id: row.id }, data: { last_seen_at: now } });
  }
  return {
    id: row.id,
    userId: row.user_id,
    csrfToken: csrfTokenFor(row.id),
    organizationIds: row.user.memberships.map((m) => m.organization_id),
  };
}

export async function sessionView(db: DbOrTx, userId: string, csrfToken: string): Promise<SessionView> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      memberships: {
        where: { organization: { blocked_at: null } },
        select: {
          role: true,
          organization: { select: { id: true, name: true, slug: true, livemode: true } },
        },
        orderBy: { organization: { name: "asc" } },
      },
    },
  });
  return {
    user: { id: user.id, email: user.email, name: user.name },
    organizations: user.memberships.map((m) => ({ ...m.organization, role: m.role })),
    csrf_token: csrfToken,
  };
}

/**
 * The session's CSRF token: an HMAC of its id under the server secret, computed when needed, so
 * no token is stored. Another site can neither read it (the cookie is same-site) nor compute it.
 * 32 characters (192 bits), like the random tokens it replaces.
 */
export function csrfTokenFor(sessionId: string): string {
  return hmacBase64url("user_sessions.csrf_token", sessionId).slice(0, 32);
}

/** Constant-time comparison of the CSRF header with the session's token. */
export function csrfMatches(sent: string | null, expected: string): boolean {
  return !!sent && safeEqual(sent, expected);
}

/** The view of a live session, by its id (the principal of a cookie-authenticated request). */
export async function currentSession(
  db: DbOrTx,
  sessionId: string,
): Promise<{ view: SessionView; expiresAt: Date }> {
  const session = await db.userSession.findUniqueOrThrow({
    where: { id: sessionId },
    select: { user_id: true, expires_at: true },
  });
  return {
    view: await sessionView(db, session.user_id, csrfTokenFor(sessionId)),
    expiresAt: session.expires_at,
  };
}
