// "Forgot password?" (docs/accounts.md). Asking answers 202 whatever the email, after the same
// work for any email: one job row holding the address. The job (run by the worker) looks the
// merchant up and, if there is one, stores a reset token's SHA-256 (30 minutes, single use) and
// queues the email with the link, in one transaction. The link's token is in the sealed email body
// only; the email belongs to no organization (lib/email/queue.ts), so no access token or other
// member can read it. Confirming sets the new password and signs every session of the merchant
// out (./password-change.ts). A new request does not end an earlier link: anyone may ask for a
// link to any address, and that must not kill the owner's.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db, Tx } from "../db/client";
import { ApiError } from "../core/errors";
import { randomSecret, sha256Hex } from "../crypto";
import { hmacHex } from "../secrets";
import { addressBucket, clientAddress } from "../http/peer";
import { enqueueJob } from "../jobs/enqueue";
import type { JobHandler } from "../jobs/queue";
import { queueEmail } from "../email/queue";
import { passwordReset } from "../email/templates/password-reset";
import { publicBaseUrl } from "../public-url";
import { hashPassword } from "./passwords";
import { newPasswordSchema, replacePassword } from "./password-change";

export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const PASSWORD_RESET_JOB = "auth.password_reset";
export const PASSWORD_RESET_TOKEN_PREFIX = "dpr_";
/** The name the account emails speak for (the dashboard's own). */
export const ACCOUNT_EMAIL_BRAND = "Digital Sales";

export const INVALID_RESET_LINK =
  "This password reset link is invalid, already used or expired. Ask for a new one.";

export const passwordResetRequestBody = z.object({
  email: z
    .email()
    .max(320)
    .transform((email) => email.toLowerCase()),
});
export type PasswordResetRequestBody = z.output<typeof passwordResetRequestBody>;

export const passwordResetConfirmBody = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export type PasswordResetConfirmBody = z.output<typeof passwordResetConfirmBody>;

export const acceptedSchema = z.object({});

const HOUR_MS = 3_600_000;
/** Links asked for one address (whoever asks): an inbox is not flooded. */
export const PASSWORD_RESET_PER_EMAIL = { limit: 5, windowMs: HOUR_MS };
/** Links asked for from one client address, whatever the email. */
export const PASSWORD_RESET_PER_CLIENT = { limit: 20, windowMs: HOUR_MS };

/** The route's budgets (lib/api/handler.ts `rateLimitBy`), charged before any work, alike for any email. */
export function passwordResetRateLimits(
  body: PasswordResetRequestBody,
  _principal: unknown,
  request: Request,
) {
  // A keyed hash: the rate-limit table holds no addresses.
  const who = hmacHex("rate_limit.password_reset", body.email);
  return [
    { key: `password_reset:${who}`, limit: PASSWORD_RESET_PER_EMAIL },
    { key: `password_reset_ip:${addressBucket(clientAddress(request))}`, limit: PASSWORD_RESET_PER_CLIENT },
  ];
}

type PasswordResetPayload = { email: string };

/** The request: the same single insert for any email, so neither the answer nor its time tells. */
export async function requestPasswordReset(
  db: Db,
  body: PasswordResetRequestBody,
  now = new Date(),
): Promise<Record<string, never>> {
  const payload: PasswordResetPayload = { email: body.email };
  await enqueueJob(db, PASSWORD_RESET_JOB, payload, { now, notify: true });
  return {};
}

/** The link the email carries: the token in the fragment, which browsers never send to a server. */
export function passwordResetUrl(token: string): string {
  return `${publicBaseUrl()}/dashboard/reset-password#token=${token}`;
}

/** The job's work: a token and its email when the address is a merchant's, else nothing. */
export async function issuePasswordReset(tx: Tx, email: string, now: Date): Promise<string | null> {
  const user = await tx.user.findUnique({ where: { email }, select: { id: true, email: true, name: true } });
  if (!user) return null;
  const token = randomSecret(PASSWORD_RESET_TOKEN_PREFIX);
  const id = randomUUID();
  await tx.passwordResetToken.create({
    data: {
      id,
      created_at: now,
      user_id: user.id,
      token_hash: sha256Hex(token),
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    },
  });
  await queueEmail(tx, {
    template: passwordReset,
    data: {
      userName: user.name,
      resetUrl: passwordResetUrl(token),
      validForMinutes: PASSWORD_RESET_TTL_MS / 60_000,
    },
    organization: { id: null, name: ACCOUNT_EMAIL_BRAND, email: null },
    to: user.email,
    reference: `password_reset:${id}`,
    now,
  });
  return id;
}

export const passwordResetJob: JobHandler<PasswordResetPayload> = {
  maxAttempts: 5,
  run: async (tx, payload, ctx) => {
    await issuePasswordReset(tx, payload.email, ctx.now);
  },
};

/**
 * A new password through a reset link: 400 for a token that is unknown, used or expired (all
 * alike); else the password is set and every session of the merchant ends.
 */
export async function confirmPasswordReset(
  db: Db,
  body: PasswordResetConfirmBody,
  now = new Date(),
): Promise<void> {
  const invalid = () => new ApiError("BadRequest", INVALID_RESET_LINK);
  const tokenHash = sha256Hex(body.token);
  const found = await db.passwordResetToken.findUnique({ where: { token_hash: tokenHash } });
  // Checked before the password is hashed: a dead link costs no hashing.
  if (!found || found.used_at || found.expires_at <= now) throw invalid();
  const passwordHash = await hashPassword(body.password);
  await db.$transaction(async (tx) => {
    // Used up in the statement that checks it: of two parallel confirms, one wins.
    const used = await tx.passwordResetToken.updateMany({
      where: { id: found.id, used_at: null, expires_at: { gt: now } },
      data: { used_at: now },
    });
    if (used.count === 0) throw invalid();
    await replacePassword(tx, found.user_id, passwordHash, now);
  });
}
