// Rate limits (contract: per token and per IP, 429 RateLimitExceeded with Retry-After and the
// RateLimit-* headers). Counters live in PostgreSQL, one row per key and fixed window, so every
// app instance enforces the same budget: one upsert per request, no in-memory state.
import type { DbOrTx } from "../db/client";
import { ApiError } from "./errors";

export type RateLimit = { limit: number; windowMs: number };

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
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
    /** Requests per minute from one IP address on routes without a token. */
    ip: { limit: fromEnv("RATE_LIMIT_IP_PER_MINUTE", 300), windowMs },
    /** Validations and activations per minute of one license key. */
    licenseKey: { limit: fromEnv("RATE_LIMIT_LICENSE_KEY_PER_MINUTE", 120), windowMs },
  } satisfies Record<string, RateLimit>;
}

// Old windows are swept now and then by whichever request happens to draw it, which keeps the
// table small without a scheduled job.
const SWEEP_PROBABILITY = 0.01;

export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count)
    VALUES (${key}, ${windowStart.toISOString()}::timestamp, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`;
  if (Math.random() < SWEEP_PROBABILITY) {
    await db.$executeRaw`DELETE FROM rate_limit_buckets WHERE window_start < ${new Date(windowStart.getTime() - windowMs).toISOString()}::timestamp`;
  }
  const count = Number(rows[0]?.count ?? 1);
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSeconds),
    ...(result.allowed ? {} : { "Retry-After": String(result.resetSeconds) }),
  };
}

/**
 * The caller's address: the first hop of X-Forwarded-For (set by the reverse proxy in front of
 * the app), else X-Real-IP. Without either, all such requests share one budget.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip")?.trim() || "unknown";
}

/**
 * Counts one request against each budget and returns the tightest result; throws 429 (with the
 * headers) when any budget is spent.
 */
export async function enforceRateLimits(
  db: DbOrTx,
  budgets: { key: string; limit: RateLimit }[],
  now = new Date(),
): Promise<RateLimitResult | null> {
  let tightest: RateLimitResult | null = null;
  for (const { key, limit } of budgets) {
    const result = await hitRateLimit(db, key, limit, now);
    if (!tightest || result.remaining < tightest.remaining || !result.allowed) tightest = result;
    if (!result.allowed) {
      throw new ApiError(
        "RateLimitExceeded",
        `Rate limit exceeded. Retry in ${result.resetSeconds} seconds.`,
        {
          headers: rateLimitHeaders(result),
        },
      );
    }
  }
  return tightest;
}
