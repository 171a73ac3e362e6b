// The one-time setup code (issue 28, docs/accounts.md): while an install has no user, the server
// prints a random code at start and the setup form requires it, so a fresh install reachable from
// the internet does not belong to whoever opens it first. 12 characters of a 32-letter alphabet
// (60 bits); only an HMAC under the server secret is stored, one row per start (each instance of
// a several-instance install prints its own, and each works), all deleted when setup succeeds.
// Tries are throttled per client address and compared in constant time.
import { randomInt, randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { hmacHex, safeEqual } from "../secrets";
import type { ThrottleRule } from "../auth/sign-in-throttle";

// No 0/O, 1/I: read off a terminal and typed by hand.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const GROUPS = 3;
const GROUP_LENGTH = 4;
/** A crash-looping server must not grow the table without end: older codes beyond this go. */
const KEPT_CODES = 20;

/** Tries from one client address: a few free, then growing waits (lib/auth/sign-in-throttle.ts). */
export const SETUP_CODE_THROTTLE: ThrottleRule = { freeAttempts: 10, firstDelayMs: 15_000 };

export function newSetupCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/** Case, spaces and dashes do not matter: `abcd efgh-jkmn` is `ABCD-EFGH-JKMN`. */
function normalized(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

const codeHash = (code: string) => hmacHex("setup_codes.code", normalized(code));

/**
 * A new setup code when the install has no user yet (stored as its hash), else null. The caller
 * prints it once; it is never stored or logged anywhere else.
 */
export async function issueSetupCode(db: DbOrTx, now = new Date()): Promise<string | null> {
  if (await db.user.findFirst({ select: { id: true } })) return null;
  const code = newSetupCode();
  await db.setupCode.create({ data: { id: randomUUID(), created_at: now, code_hash: codeHash(code) } });
  const stale = await db.setupCode.findMany({
    select: { id: true },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    skip: KEPT_CODES,
  });
  if (stale.length) await db.setupCode.deleteMany({ where: { id: { in: stale.map((row) => row.id) } } });
  return code;
}

/** Whether `code` is one of the printed codes: every stored hash is compared, without early exit. */
export async function setupCodeMatches(db: DbOrTx, code: string): Promise<boolean> {
  const sent = codeHash(code);
  const rows = await db.setupCode.findMany({ select: { code_hash: true } });
  let matches = false;
  for (const row of rows) matches = safeEqual(sent, row.code_hash) || matches;
  return matches;
}

/** Once the first merchant exists, no code works any more. */
export async function forgetSetupCodes(db: DbOrTx): Promise<void> {
  await db.setupCode.deleteMany({});
}
