// Password guessing is slowed down, never locked out for everyone: attempts are counted per
// (email, client address) and per client address, each claimed atomically BEFORE the password is
// checked, so parallel guesses cannot all be checked. The first few attempts under a key are
// free; after that each one must wait a growing delay (429 with Retry-After). The real merchant
// signing in from another address is not affected by an attacker's guesses, and an email with no
// account is throttled exactly like one with an account (no enumeration).
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { sha256Hex } from "../crypto";
import { ApiError } from "../core/errors";
import { addressBucket } from "../http/peer";

export type ThrottleRule = {
  /** Attempts checked without any delay. */
  freeAttempts: number;
  /** The wait after the last free attempt; it doubles with each further attempt. */
  firstDelayMs: number;
};

export const SIGN_IN_THROTTLE = {
  /** Guesses at one account from one address. */
  accountAndAddress: { freeAttempts: 5, firstDelayMs: 15_000 } satisfies ThrottleRule,
  /** Attempts from one address, whatever the email (an address spraying many accounts). */
  address: { freeAttempts: 20, firstDelayMs: 5_000 } satisfies ThrottleRule,
  /** The longest wait between two attempts. */
  maxDelayMs: 15 * 60_000,
  /** A key with no attempt for this long after its wait ended starts afresh. */
  forgetAfterMs: 60 * 60_000,
};

// The exponent stays small enough for float8 whatever the count.
const MAX_DOUBLINGS = 30;

export type SignInThrottleKeys = { accountAndAddress: string; address: string };

export function signInThrottleKeys(email: string, address: string): SignInThrottleKeys {
  const bucket = addressBucket(address);
  // The email is hashed: bounded length, and the table holds no addresses of people.
  return { accountAndAddress: `account:${sha256Hex(email)}:${bucket}`, address: `address:${bucket}` };
}

const ms = (value: Prisma.Sql | number) => Prisma.sql`(${value})::float8 * interval '1 millisecond'`;

/** The wait that follows attempt number `n` (an SQL expression). */
function delayAfter(n: Prisma.Sql, rule: ThrottleRule): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${n} < ${rule.freeAttempts} THEN 0
    ELSE LEAST(${SIGN_IN_THROTTLE.maxDelayMs}::float8,
      ${rule.firstDelayMs}::float8 * power(2, LEAST(${n} - ${rule.freeAttempts}, ${MAX_DOUBLINGS}))) END`;
}

type Claim = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` if it is free or its wait is over; one statement, atomic under
 * concurrency. Free attempts are judged by the count, not the clock, so parallel requests whose
 * clocks differ by a few milliseconds do not refuse each other.
 */
async function claimAttempt(db: DbOrTx, key: string, rule: ThrottleRule, now: Date): Promise<Claim> {
  const at = Prisma.sql`${now.toISOString()}::timestamp`;
  const forgotten = Prisma.sql`t.next_attempt_at < ${at} - ${ms(SIGN_IN_THROTTLE.forgetAfterMs)}`;
  const attempt = Prisma.sql`CASE WHEN ${forgotten} THEN 1 ELSE LEAST(t.attempts, 1000000) + 1 END`;
  const rows = await db.$queryRaw<{ next_ms: number; allowed: boolean }[]>`
    WITH claim AS (
      INSERT INTO sign_in_attempts AS t (key, attempts, next_attempt_at)
      VALUES (${key}, 1, ${at} + ${ms(delayAfter(Prisma.sql`1`, rule))})
      ON CONFLICT (key) DO UPDATE
        SET attempts = ${attempt},
          next_attempt_at = GREATEST(t.next_attempt_at, ${at}) + ${ms(delayAfter(attempt, rule))}
        WHERE ${attempt} <= ${rule.freeAttempts} OR t.next_attempt_at <= ${at}
      RETURNING next_attempt_at
    )
    SELECT 0::float8 AS next_ms, true AS allowed FROM claim
    UNION ALL
    SELECT (EXTRACT(EPOCH FROM next_attempt_at) * 1000)::float8, false FROM sign_in_attempts
    WHERE key = ${key} AND NOT EXISTS (SELECT FROM claim)`;
  const row = rows[0];
  if (row?.allowed) return { allowed: true, retryAfterSeconds: 0 };
  // No row: a parallel first attempt created it after this statement's snapshot; it is taken.
  const waitMs = row ? Number(row.next_ms) - now.getTime() : rule.firstDelayMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

function throttled(retryAfterSeconds: number, what = "sign-in"): ApiError {
  return new ApiError(
    "RateLimitExceeded",
    `Too many ${what} attempts. Try again in ${retryAfterSeconds} second(s).`,
    { headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/**
 * Takes one attempt under both keys, or throws 429 with Retry-After. The account's key goes
 * first: guesses it refuses must not use up the address's budget for other accounts.
 */
export async function claimSignInAttempt(db: DbOrTx, keys: SignInThrottleKeys, now: Date): Promise<void> {
  await sweepForgottenAttempts(db, now);
  const account = await claimAttempt(db, keys.accountAndAddress, SIGN_IN_THROTTLE.accountAndAddress, now);
  if (!account.allowed) throw throttled(account.retryAfterSeconds);
  const address = await claimAttempt(db, keys.address, SIGN_IN_THROTTLE.address, now);
  if (!address.allowed) {
    await refundAttempt(db, keys.accountAndAddress);
    throw throttled(address.retryAfterSeconds);
  }
}

/**
 * One attempt under a single key, with its own rule (e.g. setup codes per client address), or 429
 * "Too many <what> attempts" with Retry-After. The same growing delays as sign-in.
 */
export async function claimThrottledAttempt(
  db: DbOrTx,
  key: string,
  rule: ThrottleRule,
  now: Date,
  what: string,
): Promise<void> {
  await sweepForgottenAttempts(db, now);
  const claim = await claimAttempt(db, key, rule, now);
  if (!claim.allowed) throw throttled(claim.retryAfterSeconds, what);
}

/**
 * A successful sign-in: the account's guesses from this address are forgotten, and this attempt
 * does not count against the address (many merchants may share one office address).
 */
export async function settleSuccessfulSignIn(db: DbOrTx, keys: SignInThrottleKeys): Promise<void> {
  await db.$executeRaw`DELETE FROM sign_in_attempts WHERE key = ${keys.accountAndAddress}`;
  await refundAttempt(db, keys.address);
}

async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.$executeRaw`UPDATE sign_in_attempts SET attempts = GREATEST(attempts - 1, 0) WHERE key = ${key}`;
}

// At most once a minute per process, like the rate-limit buckets.
const sweepState = globalThis as unknown as { __signInThrottleNextSweep?: number };

async function sweepForgottenAttempts(db: DbOrTx, now: Date): Promise<void> {
  if ((sweepState.__signInThrottleNextSweep ?? 0) > now.getTime()) return;
  sweepState.__signInThrottleNextSweep = now.getTime() + 60_000;
  const before = new Date(now.getTime() - SIGN_IN_THROTTLE.forgetAfterMs).toISOString();
  await db.$executeRaw`DELETE FROM sign_in_attempts WHERE next_attempt_at < ${before}::timestamp`;
}
