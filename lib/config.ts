// Runtime configuration, read from the environment on first use (never at import time, so
// `next build` does not freeze build-machine values into the server).
import path from "node:path";

export type DatabaseConfig =
  | { kind: "postgres"; url: string; poolSize: number; preparedStatements: boolean }
  | { kind: "pglite"; dataDir: string };

export function databaseConfig(): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (url) {
    return {
      kind: "postgres",
      url,
      poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      preparedStatements: preparedStatementsSetting(),
    };
  }
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

export const DEFAULT_CHECKOUT_RETENTION_DAYS = 30;
const MAX_CHECKOUT_RETENTION_DAYS = 3650;

/**
 * CHECKOUT_RETENTION_DAYS: how long a checkout session that expired without being paid is kept
 * after its expiry before it is deleted (lib/checkout/retention.ts). A whole number of days from 1
 * to 3650; a typo must not delete sessions a merchant is still looking at, so anything else is
 * refused at start.
 */
export function checkoutRetentionDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.CHECKOUT_RETENTION_DAYS?.trim();
  if (!raw) return DEFAULT_CHECKOUT_RETENTION_DAYS;
  const days = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= MAX_CHECKOUT_RETENTION_DAYS)) {
    throw new ConfigError(
      `CHECKOUT_RETENTION_DAYS must be a whole number of days from 1 to ${MAX_CHECKOUT_RETENTION_DAYS} ` +
        `(got "${raw.slice(0, 40)}"); unset, it is ${DEFAULT_CHECKOUT_RETENTION_DAYS}.`,
    );
  }
  return days;
}

export const DEFAULT_DUNNING_RETRY_DAYS = [1, 3, 5, 7] as const;
const MAX_DUNNING_RETRIES = 10;
const MAX_DUNNING_DAY = 60;

/**
 * DUNNING_RETRY_DAYS: when a failed renewal is charged again, in days after its first failure,
 * comma-separated and increasing (default "1,3,5,7"); the subscription becomes `unpaid` when the
 * last retry fails. At most 10 retries, each within 60 days: a typo must not keep the benefits of
 * an unpaid subscription working for months, nor end it at once.
 */
export function dunningRetryDays(env: Record<string, string | undefined> = process.env): number[] {
  const raw = env.DUNNING_RETRY_DAYS?.trim();
  if (!raw) return [...DEFAULT_DUNNING_RETRY_DAYS];
  const parts = raw.split(",").map((part) => part.trim());
  const days = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  const valid =
    days.length <= MAX_DUNNING_RETRIES &&
    days.every((day, index) => day >= 1 && day <= MAX_DUNNING_DAY && (index === 0 || day > days[index - 1]!));
  if (!valid) {
    throw new ConfigError(
      `DUNNING_RETRY_DAYS must be up to ${MAX_DUNNING_RETRIES} increasing whole numbers of days from 1 to ` +
        `${MAX_DUNNING_DAY}, comma-separated (got "${raw.slice(0, 40)}"); unset, it is ` +
        `"${DEFAULT_DUNNING_RETRY_DAYS.join(",")}".`,
    );
  }
  return days;
}

/** How emails leave (lib/email/transport.ts): SMTP when SMTP_URL is set, else the embedded default. */
export type EmailTransportSetting = { kind: "smtp"; url: string } | { kind: "embedded" };

/**
 * SMTP_URL: `smtp://user:password@host:587` (STARTTLS when the server offers it) or
 * `smtps://user:password@host:465` (TLS from the start). Unset, emails are kept in the database
 * and shown on the dashboard's Emails page. The message of a bad value never repeats the URL: it
 * may hold a password.
 */
export function emailTransportSetting(
  env: Record<string, string | undefined> = process.env,
): EmailTransportSetting {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return { kind: "embedded" };
  const refuse = (problem: string) =>
    new ConfigError(
      `SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (${problem}); ` +
        "unset, emails are kept in the database and shown on the dashboard's Emails page.",
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("the value is not a URL");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw refuse(`its scheme is "${url.protocol.slice(0, 20)}"`);
  if (!url.hostname) throw refuse("it names no host");
  return { kind: "smtp", url: raw };
}

/** A bare address: something@domain, no spaces or angle brackets. */
const BARE_ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/;

/**
 * EMAIL_FROM: the address emails are sent from (the From name is the organization's). Unset, it is
 * `no-reply@` the host of PUBLIC_BASE_URL (`no-reply@localhost` on a developer's machine).
 */
export function emailFromAddress(env: Record<string, string | undefined> = process.env): string {
  const raw = env.EMAIL_FROM?.trim();
  if (!raw) {
    let host = "localhost";
    try {
      host = new URL(env.PUBLIC_BASE_URL ?? "http://localhost").hostname;
    } catch {
      // A bad PUBLIC_BASE_URL is reported where it is used; the default address stays usable.
    }
    // An IP address is no mail domain.
    return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(host) && /[a-z]/i.test(host)
      ? `no-reply@${host}`
      : "no-reply@localhost";
  }
  if (raw.length > 254 || !BARE_ADDRESS.test(raw)) {
    throw new ConfigError(
      `EMAIL_FROM must be a bare email address such as receipts@example.com (got "${raw.slice(0, 80)}"); ` +
        "the sender's name is the organization's.",
    );
  }
  return raw;
}

/**
 * DATABASE_PREPARED_STATEMENTS (PostgreSQL): `true` (default) runs statements as named prepared
 * statements, parsed and planned once per connection (lib/db/statement-names.ts); `false` sends
 * each unnamed, for a connection pooler in transaction mode that cannot keep a prepared statement
 * with the server connection it was prepared on (PgBouncer before 1.21, or without
 * max_prepared_statements).
 */
export function preparedStatementsSetting(env: Record<string, string | undefined> = process.env): boolean {
  const raw = env.DATABASE_PREPARED_STATEMENTS?.trim();
  if (!raw || raw === "true") return true;
  if (raw === "false") return false;
  throw new ConfigError(
    `DATABASE_PREPARED_STATEMENTS must be true or false (got ${JSON.stringify(raw.slice(0, 40))}); ` +
      "false sends statements unnamed, for a pooler in transaction mode.",
  );
}

/** The European Commission's VIES REST service (docs/tax.md "Tax IDs and VIES"). */
export const DEFAULT_VIES_API_BASE = "https://ec.europa.eu/taxation_customs/vies/rest-api";

/**
 * VIES_API_BASE: where EU VAT numbers are checked (`GET {base}/ms/{country}/vat/{number}`), an
 * http(s) URL; unset, the European Commission's service. Under the test runner (NODE_ENV `test`)
 * an unset value means no VIES at all: every number is then "VIES could not answer", and no test
 * reaches the internet by mistake. Null: do not call.
 */
export function viesApiBase(env: Record<string, string | undefined> = process.env): string | null {
  const raw = env.VIES_API_BASE?.trim();
  if (!raw) return env.NODE_ENV === "test" ? null : DEFAULT_VIES_API_BASE;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname)
    throw new ConfigError(
      `VIES_API_BASE must be an http(s) URL such as ${DEFAULT_VIES_API_BASE} ` +
        `(got ${JSON.stringify(raw.slice(0, 60))}); unset, it is the European Commission's VIES service.`,
    );
  return raw.replace(/\/+$/, "");
}

/** Every setting read on use, checked once at start-up so a bad value stops the server at once. */
export function checkSettings(env: Record<string, string | undefined> = process.env): void {
  preparedStatementsSetting(env);
  certificateTtlDays(env);
  checkoutRetentionDays(env);
  dunningRetryDays(env);
  emailTransportSetting(env);
  emailFromAddress(env);
  viesApiBase(env);
}
