// Runtime configuration, read from the environment on first use (never at import time, so
// `next build` does not freeze build-machine values into the server).
import path from "node:path";

export type DatabaseConfig =
  { kind: "postgres"; url: string; poolSize: number } | { kind: "pglite"; dataDir: string };

export function databaseConfig(): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (url) return { kind: "postgres", url, poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10) };
  const dir = process.env.DATA_DIR ?? ".data";
  // memory:// gives a throwaway in-process database (tests); anything else is a folder on disk.
  return {
    kind: "pglite",
    dataDir: dir.startsWith("memory://") ? dir : path.resolve(/*turbopackIgnore: true*/ dir),
  };
}

export { publicBaseUrl } from "./public-url";

export function checkoutTtlSeconds(): number {
  const value = Number(process.env.CHECKOUT_TTL_SECONDS ?? 3600);
  return Number.isFinite(value) && value > 0 ? value : 3600;
}

/**
 * WEBHOOKS_ALLOW_PRIVATE=true lets webhooks reach loopback, private and link-local addresses
 * (local development and tests); by default they are refused (lib/webhooks/address-guard.ts).
 */
export function webhooksAllowPrivate(): boolean {
  return process.env.WEBHOOKS_ALLOW_PRIVATE === "true";
}

/** A setting the server cannot run with: boot prints the message and stops (lib/boot.ts). */
export class ConfigError extends Error {}

export const DEFAULT_CERTIFICATE_TTL_DAYS = 30;
const MAX_CERTIFICATE_TTL_DAYS = 3650;

/**
 * CERTIFICATE_TTL_DAYS: the longest an offline license certificate stays valid (a key's own expiry
 * may end it sooner). The software must come back online within it to learn of a revocation, so a
 * typo must not silently become another lifetime: anything but a whole number of days from 1 to
 * 3650 is refused.
 */
export function certificateTtlDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.CERTIFICATE_TTL_DAYS?.trim();
  if (!raw) return DEFAULT_CERTIFICATE_TTL_DAYS;
  const days = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= MAX_CERTIFICATE_TTL_DAYS)) {
    throw new ConfigError(
      `CERTIFICATE_TTL_DAYS must be a whole number of days from 1 to ${MAX_CERTIFICATE_TTL_DAYS} ` +
        `(got "${raw.slice(0, 40)}"); unset, it is ${DEFAULT_CERTIFICATE_TTL_DAYS}.`,
    );
  }
  return days;
}

/** Every setting read on use, checked once at start-up so a bad value stops the server at once. */
export function checkSettings(env: Record<string, string | undefined> = process.env): void {
  certificateTtlDays(env);
}
