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
