// License key format (docs/api.md §7): `<PREFIX>-<UUID v4 uppercase>` or the bare uppercase
// UUID (122 random bits); shown to merchants as `****-` plus the last 6 characters.
import { randomUUID } from "node:crypto";
import { z } from "zod";

export const licenseKeyPropertiesSchema = z.object({
  prefix: z.string().trim().min(1).max(32).nullish(),
  expires: z.object({ ttl: z.number().int().min(1), timeframe: z.enum(["day", "month", "year"]) }).nullish(),
  activations: z
    .object({ limit: z.number().int().min(1).max(50), enable_customer_admin: z.boolean().optional() })
    .nullish(),
  limit_usage: z.number().int().min(1).nullish(),
});

export type LicenseKeyProperties = z.infer<typeof licenseKeyPropertiesSchema>;

export function generateLicenseKey(prefix?: string | null): string {
  const body = randomUUID().toUpperCase();
  const cleanPrefix = prefix?.trim().toUpperCase();
  return cleanPrefix ? `${cleanPrefix}-${body}` : body;
}

// `<PREFIX>-<UUID>` or the bare UUID; the prefix may itself contain hyphens.
const ISSUED_KEY = /^(?:(.+)-)?([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})$/i;

/**
 * The prefix a key was issued with: everything before its UUID, null for a bare UUID, undefined
 * for a key that does not end with a UUID (one written by hand).
 */
export function issuedPrefix(key: string): string | null | undefined {
  const match = ISSUED_KEY.exec(key);
  if (!match) return undefined;
  return match[1] ?? null;
}

export function displayKey(key: string): string {
  return `****-${key.slice(-6)}`;
}

/** When a key issued at `issuedAt` expires, or null when the benefit sets no expiry. */
export function licenseKeyExpiry(properties: LicenseKeyProperties, issuedAt: Date): Date | null {
  const expires = properties.expires;
  if (!expires) return null;
  const at = new Date(issuedAt);
  if (expires.timeframe === "day") at.setUTCDate(at.getUTCDate() + expires.ttl);
  else if (expires.timeframe === "month") at.setUTCMonth(at.getUTCMonth() + expires.ttl);
  else at.setUTCFullYear(at.getUTCFullYear() + expires.ttl);
  return at;
}
