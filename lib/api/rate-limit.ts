// Rate limits (contract: per token and per IP, 429 RateLimitExceeded with Retry-After and the
// RateLimit-* headers). Each budget is a token bucket of `limit` requests that refills at
// limit/window: a full minute's budget may come at once, but no faster than that afterwards, so a
// burst across a minute's edge cannot double it (a fixed window could).
//
// The bucket is kept as one timestamp, its "theoretical arrival time" (GCRA): the moment it will
// be full again. A request costs one emission interval (window/limit); it fits while the bucket
// stays within one window of now. One upsert per budget decides that atomically in PostgreSQL,
// so every app instance shares the budget, and the table is UNLOGGED: no WAL, no fsync per
// request (the counters are lost, i.e. reset, if PostgreSQL crashes, which is acceptable).
import type { DbOrTx } from "../db/client";
import { directQuery } from "../db/direct";
import { sha256Hex } from "../crypto";
import { hmacHex } from "../secrets";
import { addressBucket, clientAddress } from "../http/peer";
import { ApiError } from "../core/errors";
import { namedOrganization, type CustomerPrincipal, type Principal } from "../core/principal";

export type RateLimit = { limit: number; windowMs: number };

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request fits (0 when this one did). */
  retryAfterSeconds: number;
};

function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The budgets, read on use so tests and deployments can change them through the environment. */
export function rateLimits() {
  const windowMs = 60_000;
  return {
    /** Requests per minute for one access token. */
    token: { limit: fromEnv("RATE_LIMIT_TOKEN_PER_MINUTE", 600), windowMs },
    /** Requests per minute from one client address on routes without a token (and failed credentials). */
    ip: { limit: fromEnv("RATE_LIMIT_IP_PER_MINUTE", 300), windowMs },
    /** Validations and activations per minute of one license key. */
    licenseKey: { limit: fromEnv("RATE_LIMIT_LICENSE_KEY_PER_MINUTE", 120), windowMs },
    /** Customer portal sign-in codes asked for one email address of one organization, per hour. */
    portalSignInEmail: {
      limit: fromEnv("RATE_LIMIT_PORTAL_SIGN_IN_PER_EMAIL_PER_HOUR", 5),
      windowMs: 3_600_000,
    },
    /** Customer portal sign-in codes checked for one email address of one organization, per hour. */
    portalSignInCheckEmail: {
      limit: fromEnv("RATE_LIMIT_PORTAL_SIGN_IN_CHECKS_PER_EMAIL_PER_HOUR", 10),
      windowMs: 3_600_000,
    },
    /** Customer portal sign-in codes asked for from one client address, per hour. */
    portalSignInIp: { limit: fromEnv("RATE_LIMIT_PORTAL_SIGN_IN_PER_IP_PER_HOUR", 30), windowMs: 3_600_000 },
    /** Customer portal email change links asked for by one customer, per hour. */
    portalEmailUpdateCustomer: {
      limit: fromEnv("RATE_LIMIT_PORTAL_EMAIL_UPDATE_PER_CUSTOMER_PER_HOUR", 5),
      windowMs: 3_600_000,
    },
    /** Customer portal email change links sent to one address of one organization, per hour. */
    portalEmailUpdateEmail: {
      limit: fromEnv("RATE_LIMIT_PORTAL_EMAIL_UPDATE_PER_EMAIL_PER_HOUR", 5),
      windowMs: 3_600_000,
    },
  } satisfies Record<string, RateLimit>;
}

/** The licensed software's routes are also limited per key, whatever IP the requests come from. */
export function licenseKeyRateLimit(body: { key: string; organization_id: string }) {
  return { key: `license_key:${body.organization_id}:${body.key}`, limit: rateLimits().licenseKey };
}

/** An address of an organization, as a keyed hash: the rate-limit table holds no address. */
function portalSignInAddressKey(body: { organization_id: string; email: string }) {
  return hmacHex("rate_limit.portal_sign_in", `${body.organization_id}:${body.email}`);
}

/**
 * Checking customer portal sign-in codes: a budget per address of an organization, charged for
 * every try before the code is compared, customer or not (the same write for both). It bounds
 * guesses across every code the address is sent, and spends nothing of the codes themselves: the
 * owner's code still works once the budget refills (docs/portal-security.md).
 */
export function portalSignInCheckRateLimits(body: { organization_id: string; email: string }) {
  return {
    key: `portal_sign_in_check:${portalSignInAddressKey(body)}`,
    limit: rateLimits().portalSignInCheckEmail,
  };
}

/**
 * Asking for customer portal sign-in codes: a budget per address of an organization (keyed by a
 * keyed hash, so this table holds no address) and one per client address, both per hour.
 */
export function portalSignInRateLimits(
  body: { organization_id: string; email: string },
  _principal: unknown,
  request: Request,
) {
  const limits = rateLimits();
  const who = portalSignInAddressKey(body);
  return [
    { key: `portal_sign_in:${who}`, limit: limits.portalSignInEmail },
    { key: `portal_sign_in_ip:${addressBucket(clientAddress(request))}`, limit: limits.portalSignInIp },
  ];
}

/**
 * Asking for an email change link in the customer portal: a budget per customer (one buyer cannot
 * mail the world) and one per address of the organization (nobody's mailbox gets flooded, whoever
 * asks), both per hour; the address is keyed by a keyed hash, like the sign-in codes'.
 */
export function portalEmailUpdateRateLimits(body: { email: string }, principal: CustomerPrincipal) {
  const limits = rateLimits();
  const address = hmacHex("rate_limit.portal_email_update", `${principal.organizationId}:${body.email}`);
  return [
    { key: `portal_email_update:${principal.customerId}`, limit: limits.portalEmailUpdateCustomer },
    { key: `portal_email_update_address:${address}`, limit: limits.portalEmailUpdateEmail },
  ];
}

/**
 * The merchant's backend checking a key with its token (POST /v1/license-keys/validate, ...): a
 * budget per key as well, apart from the key's public one, so neither the key's installations nor
 * the merchant's backend can use up the other's. None when the body names no organization of the
 * caller (the request then fails without touching a key; the token's own budget was charged).
 */
export function merchantLicenseKeyRateLimit(
  body: { key: string; organization_id?: string | null },
  principal: Principal,
) {
  const organizationId = namedOrganization(principal, body.organization_id);
  if (!organizationId) return null;
  return { key: `license_key_api:${organizationId}:${body.key}`, limit: rateLimits().licenseKey };
}

// Keys are built from ids, addresses and client-sent values such as license keys: a long one is
// stored as its hash, so no caller can make an index entry too large.
const MAX_KEY_LENGTH = 200;

function boundedKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `${key.slice(0, 64)}#${sha256Hex(key)}`;
}

// A full bucket is the same as no row, so rows whose bucket has refilled are deleted; each
// process does it at most once a minute, in the request that finds the sweep due.
const SWEEP_INTERVAL_MS = 60_000;
const sweepState = globalThis as unknown as { __rateLimitNextSweep?: number };

export async function sweepFullBuckets(db: DbOrTx, now: Date): Promise<void> {
  await db.$executeRaw`DELETE FROM rate_limit_buckets WHERE full_at <= ${now.toISOString()}::timestamp`;
}

export async function sweepWhenDue(db: DbOrTx, now: Date): Promise<void> {
  if ((sweepState.__rateLimitNextSweep ?? 0) > now.getTime()) return;
  sweepState.__rateLimitNextSweep = now.getTime() + SWEEP_INTERVAL_MS;
  await sweepFullBuckets(db, now);
}

/**
 * The GCRA charge as common table expressions, for a statement that names the bucket in a CTE
 * `bucket_key(key)` (no row: nothing is charged) and passes now (ISO), the emission interval and
 * the window (ms) as the parameters given. Defines `bucket(state)`: the outcome as JSON
 * `{full_at_ms, allowed}`, or no row when nothing was charged or a concurrent first request created
 * the bucket after this statement's snapshot. full_at' = max(full_at, now) + interval, kept only if
 * it stays within a window of now; when it does not, the row is left as it is and read back for
 * Retry-After by the second branch.
 */
export function bucketChargeCtes(now: string, interval: string, window: string, suffix = ""): string {
  const next = `GREATEST(b.full_at, ${now}::timestamp) + ${interval}::float8 * interval '1 millisecond'`;
  const state = (allowed: boolean) =>
    `json_build_object('full_at_ms', (EXTRACT(EPOCH FROM full_at) * 1000)::float8, 'allowed', ${allowed})`;
  return `
  hit${suffix} AS (
    INSERT INTO rate_limit_buckets AS b (key, full_at)
    SELECT key, ${now}::timestamp + ${interval}::float8 * interval '1 millisecond' FROM bucket_key${suffix}
    ON CONFLICT (key) DO UPDATE SET full_at = ${next}
      WHERE ${next} <= ${now}::timestamp + ${window}::float8 * interval '1 millisecond'
    RETURNING full_at
  ),
  bucket${suffix} AS (
    SELECT ${state(true)} AS state FROM hit${suffix}
    UNION ALL
    SELECT ${state(false)} FROM rate_limit_buckets
    WHERE key = (SELECT key FROM bucket_key${suffix}) AND NOT EXISTS (SELECT FROM hit${suffix})
  )`;
}

// $1 bucket key, $2 now (ISO), $3 emission interval (ms), $4 window (ms).
const HIT_SQL = `
  WITH bucket_key AS (SELECT $1::text AS key), ${bucketChargeCtes("$2", "$3", "$4")}
  SELECT state::text AS state FROM bucket`;

/**
 * Several budgets charged in one statement, in order, each only when every one before it took the
 * request (as one statement per budget would, stopping at the first refusal). $1 now (ISO); then
 * per budget its key, emission interval (ms) and window (ms). Returns one state per budget, null
 * for those not charged.
 */
function chainedHitSql(count: number): string {
  const ctes = Array.from({ length: count }, (_, i) => {
    const [key, interval, window] = [3 * i + 2, 3 * i + 3, 3 * i + 4].map((n) => `$${n}`);
    const previousAllowed = i
      ? ` WHERE (SELECT (state->>'allowed')::boolean FROM bucket${i - 1} LIMIT 1)`
      : "";
    return `bucket_key${i} AS (SELECT ${key}::text AS key${previousAllowed}),
  ${bucketChargeCtes("$1", interval!, window!, String(i))}`;
  });
  const states = Array.from({ length: count }, (_, i) => `(SELECT state FROM bucket${i} LIMIT 1)`);
  return `WITH ${ctes.join(",\n  ")}\n  SELECT json_build_array(${states.join(", ")})::text AS states`;
}
const chainedHitSqls = new Map<number, string>();

export type BucketRow = { full_at_ms: number; allowed: boolean };

export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const intervalMs = windowMs / limit;
  const at = now.toISOString();
  const bucket = boundedKey(key);
  // Straight to the driver (lib/db/direct.ts): every admitted request runs it.
  const rows = await directQuery(db)<{ state: string }>(HIT_SQL, [bucket, at, intervalMs, windowMs]);
  const state = rows[0] ? (JSON.parse(rows[0].state) as BucketRow) : undefined;
  await sweepWhenDue(db, now);
  return bucketState(state, { limit, windowMs }, now.getTime());
}

/** What a bucket's full time means for the caller (pure, exported for the unit tests). */
export function bucketState(
  row: BucketRow | undefined,
  { limit, windowMs }: RateLimit,
  nowMs: number,
): RateLimitResult {
  const intervalMs = windowMs / limit;
  // No row at all: a concurrent first request created it after this statement's snapshot, and
  // this one did not fit. The next request fits one interval later at the latest.
  const fullAtMs = row ? Number(row.full_at_ms) : nowMs + windowMs;
  const allowed = row?.allowed ?? false;
  // The tolerance absorbs floating-point and microsecond rounding of the stored timestamp.
  const remaining = allowed
    ? Math.max(0, Math.floor((windowMs - (fullAtMs - nowMs)) / intervalMs + 1e-6))
    : 0;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000 - 1e-6));
  return {
    allowed,
    limit,
    remaining,
    resetSeconds: seconds(fullAtMs - nowMs),
    retryAfterSeconds: allowed ? 0 : seconds(fullAtMs + intervalMs - windowMs - nowMs),
  };
}

export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSeconds),
    ...(result.allowed ? {} : { "Retry-After": String(result.retryAfterSeconds) }),
  };
}

/** The 429 of a spent budget, with its headers. */
export function rateLimitExceeded(result: RateLimitResult): ApiError {
  return new ApiError(
    "RateLimitExceeded",
    `Rate limit exceeded. Retry in ${result.retryAfterSeconds} seconds.`,
    {
      headers: rateLimitHeaders(result),
    },
  );
}

/** The bucket key of an access token's budget is this prefix and the token's id. */
export const TOKEN_BUDGET_PREFIX = "access_token:";

/**
 * Counts one request against each budget and returns the tightest result; throws 429 (with the
 * headers) when any budget is spent. The budgets are charged in order in one statement, and those
 * after a spent one are not charged.
 */
export async function enforceRateLimits(
  db: DbOrTx,
  budgets: { key: string; limit: RateLimit }[],
  now = new Date(),
): Promise<RateLimitResult | null> {
  if (!budgets.length) return null;
  if (budgets.length === 1) {
    const result = await hitRateLimit(db, budgets[0]!.key, budgets[0]!.limit, now);
    if (!result.allowed) throw rateLimitExceeded(result);
    return result;
  }
  let text = chainedHitSqls.get(budgets.length);
  if (!text) chainedHitSqls.set(budgets.length, (text = chainedHitSql(budgets.length)));
  const values: unknown[] = [now.toISOString()];
  for (const { key, limit } of budgets)
    values.push(boundedKey(key), limit.windowMs / limit.limit, limit.windowMs);
  const rows = await directQuery(db)<{ states: string }>(text, values);
  const states = JSON.parse(rows[0]!.states) as (BucketRow | null)[];
  await sweepWhenDue(db, now);
  let tightest: RateLimitResult | null = null;
  for (const [i, { limit }] of budgets.entries()) {
    const result = bucketState(states[i] ?? undefined, limit, now.getTime());
    if (!tightest || result.remaining < tightest.remaining || !result.allowed) tightest = result;
    if (!result.allowed) throw rateLimitExceeded(result);
  }
  return tightest;
}

type Budget = { key: string; limit: RateLimit };

/**
 * Budgets charged only when something fails (lib/checkout/card-testing.ts): refuses with 429 and
 * Retry-After when one more charge would not fit one of them, reading the buckets without
 * charging them.
 */
export async function assertBudgetsHaveRoom(db: DbOrTx, budgets: Budget[], now: Date): Promise<void> {
  if (!budgets.length) return;
  const rows = await directQuery(db)<{ key: string; full_at_ms: number }>(
    `SELECT key, (EXTRACT(EPOCH FROM full_at) * 1000)::float8 AS full_at_ms
       FROM rate_limit_buckets WHERE key = ANY($1::text[])`,
    [budgets.map((budget) => budget.key)],
  );
  const fullAt = new Map(rows.map((row) => [row.key, Number(row.full_at_ms)]));
  let waitMs = 0;
  for (const { key, limit } of budgets) {
    const interval = limit.windowMs / limit.limit;
    const next = Math.max(fullAt.get(key) ?? 0, now.getTime()) + interval;
    const over = next - (now.getTime() + limit.windowMs);
    if (over > 0) waitMs = Math.max(waitMs, over);
  }
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new ApiError(
      "RateLimitExceeded",
      `Too many failed payments. Try again in ${seconds} seconds, or with another card.`,
      { headers: { "Retry-After": String(seconds) } },
    );
  }
}

/** Spends one of each budget (a failure happened). */
export async function chargeBudgets(db: DbOrTx, budgets: Budget[], now: Date): Promise<void> {
  for (const budget of budgets) await hitRateLimit(db, budget.key, budget.limit, now);
}
