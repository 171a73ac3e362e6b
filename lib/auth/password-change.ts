// Replacing a merchant's password, by the three ways in (docs/accounts.md): the dashboard's change
// password page (current password needed; the session that changes it stays signed in), a reset
// link (./password-reset.ts) and `npm run user:password`. Each ends every other session of the
// user and every reset link still outstanding: whoever held the old password, a stolen session or
// an older email, is out.
import { z } from "zod";
import type { Db, DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import { hashPassword, verifyPassword } from "./passwords";
import { claimSignInAttempt, settleSuccessfulSignIn, signInThrottleKeys } from "./sign-in-throttle";
import { createMerchantInput } from "./users";

/** The rules of every new password (as `npm run user:create` and the setup form apply them). */
export const newPasswordSchema = createMerchantInput.shape.password;

export const changePasswordBody = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

export const WRONG_CURRENT_PASSWORD = "This is not your current password.";

/**
 * Sets the user's password hash and signs out every session but `keepSessionId`, and uses up every
 * outstanding reset link. In the caller's transaction.
 */
export async function replacePassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
  now: Date,
  keepSessionId: string | null = null,
): Promise<{ signedOutSessions: number }> {
  await tx.user.update({ where: { id: userId }, data: { password_hash: passwordHash, modified_at: now } });
  const signedOut = await tx.userSession.updateMany({
    where: { user_id: userId, revoked_at: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revoked_at: now },
  });
  await tx.passwordResetToken.updateMany({
    where: { user_id: userId, used_at: null },
    data: { used_at: now },
  });
  return { signedOutSessions: signedOut.count };
}

/**
 * The signed-in merchant's change of password: the current one is checked like a sign-in (and
 * throttled with it: a borrowed session cannot guess it), the session making the change stays.
 */
export async function changePassword(
  db: Db,
  input: { userId: string; sessionId: string; address: string; body: ChangePasswordBody },
  now = new Date(),
): Promise<void> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { id: true, email: true, password_hash: true },
  });
  const keys = signInThrottleKeys(user.email, input.address);
  await claimSignInAttempt(db, keys, now);
  if (!(await verifyPassword(input.body.current_password, user.password_hash)))
    throw ApiError.invalid(["body", "current_password"], WRONG_CURRENT_PASSWORD);
  await settleSuccessfulSignIn(db, keys);
  const passwordHash = await hashPassword(input.body.new_password);
  await db.$transaction((tx) => replacePassword(tx, user.id, passwordHash, now, input.sessionId));
}

/** `npm run user:password`: no such user. */
export class UnknownUserError extends Error {}

/**
 * The operator's way in for a server without email (`npm run user:password -- <email>`): sets the
 * password of the user with this address and signs all their sessions out. Throws a ZodError for a
 * password the rules refuse, UnknownUserError for an address without a user.
 */
export async function setPasswordByEmail(
  db: Db,
  input: { email: string; password: string },
  now = new Date(),
): Promise<{ email: string; signedOutSessions: number }> {
  const password = newPasswordSchema.parse(input.password);
  const email = input.email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new UnknownUserError(`No user has the email ${email}.`);
  const passwordHash = await hashPassword(password);
  const { signedOutSessions } = await db.$transaction((tx) =>
    replacePassword(tx, user.id, passwordHash, now),
  );
  return { email, signedOutSessions };
}
