// EU VAT numbers checked with VIES, the European Commission's VAT Information Exchange System
// (docs/tax.md "Tax IDs and VIES"): `GET {VIES_API_BASE}/ms/{country}/vat/{number}` answers
// `{"isValid": true, "userError": "VALID", "name": "…", …}`. A network call: never made inside a
// transaction or under a row lock (CONTRIBUTING.md). Its callers check first, then write the
// outcome in their own transaction; `checkVatNumber` takes the pool (`Db`), not a transaction.
//
// Valid and invalid answers are kept 24 hours in `vat_checks`; that VIES could not answer (a
// member state's service down, a timeout, a 5xx) is never kept, so the next check asks again.
import type { Db } from "../db/client";
import { viesApiBase } from "../config";
import { euCountryOfVat, normalizeTaxId } from "../core/tax-ids";

/** How long one VIES request may take, answer included. */
export const VIES_TIMEOUT_MS = 5_000;
/** How long a valid or invalid answer is kept. */
export const VIES_CACHE_MS = 24 * 60 * 60 * 1000;
/** The largest answer read (VIES's are under 1 KB); a larger one counts as no answer. */
export const VIES_MAX_ANSWER_BYTES = 64 * 1024;
const NOT_CONFIGURED = "VIES is not configured";
/** The longest registered name kept. */
const MAX_NAME_CHARS = 256;

/** What VIES said: valid (with the registered name when it gives one), invalid, or no answer. */
export type ViesAnswer =
  | { result: "valid"; name: string | null }
  | { result: "invalid" }
  | { result: "unavailable"; reason: string };

/** A check's outcome: VIES's answer (fresh or kept), or that VIES could not answer. */
export type VatCheck =
  | { result: "valid"; name: string | null; checkedAt: Date; cached: boolean }
  | { result: "invalid"; checkedAt: Date; cached: boolean }
  | { result: "unavailable"; reason: string };

export type ViesOptions = {
  /** The service's base URL; default VIES_API_BASE (lib/config.ts). Null: do not call (unavailable). */
  base?: string | null;
  timeoutMs?: number;
  now?: Date;
};

/** `userError` values that mean VIES could not tell (a member state's service down, too busy…). */
const NOT_ANSWERED = new Set([
  "MS_UNAVAILABLE",
  "TIMEOUT",
  "SERVICE_UNAVAILABLE",
  "MS_MAX_CONCURRENT_REQ",
  "GLOBAL_MAX_CONCURRENT_REQ",
  "MS_MAX_CONCURRENT_REQ_TIME",
  "GLOBAL_MAX_CONCURRENT_REQ_TIME",
  "IP_BLOCKED",
  "VAT_BLOCKED",
]);

/** The body, up to `limit` bytes; null when it is longer. */
async function boundedText(response: Response, limit: number): Promise<string | null> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** VIES's "name not disclosed" is `---`; empty or absent names are null too. */
function registeredName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim();
  if (!name || /^-+$/.test(name)) return null;
  return name.slice(0, MAX_NAME_CHARS);
}

/** The answer of a JSON body: the check's own shape, or the service's error shape (`errorWrappers`). */
export function readViesAnswer(status: number, body: unknown): ViesAnswer {
  const json = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const wrapped = Array.isArray(json.errorWrappers)
    ? (json.errorWrappers[0] as { error?: unknown } | undefined)?.error
    : undefined;
  const userError = typeof json.userError === "string" ? json.userError : wrapped;
  if (typeof userError === "string" && NOT_ANSWERED.has(userError))
    return { result: "unavailable", reason: userError };
  if (status >= 200 && status < 300 && typeof json.isValid === "boolean") {
    if (json.isValid) return { result: "valid", name: registeredName(json.name) };
    return { result: "invalid" };
  }
  // The number itself refused as malformed by VIES: not a valid number.
  if (userError === "INVALID_INPUT" || userError === "INVALID") return { result: "invalid" };
  return { result: "unavailable", reason: `HTTP ${status}` };
}

/**
 * Asks VIES about one number (`country` its two-letter VIES code, `number` the rest). Never
 * throws: whatever goes wrong (no base configured, a timeout, a 5xx, an unreadable or oversized
 * answer) is `unavailable`.
 */
export async function askVies(
  country: string,
  number: string,
  options: ViesOptions = {},
): Promise<ViesAnswer> {
  const base = options.base === undefined ? viesApiBase() : options.base;
  if (!base) return { result: "unavailable", reason: NOT_CONFIGURED };
  if (!/^[A-Z]{2}$/.test(country) || !/^[A-Z0-9+*]{1,20}$/.test(number)) return { result: "invalid" };
  const url = `${base}/ms/${country}/vat/${encodeURIComponent(number)}`;
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs ?? VIES_TIMEOUT_MS),
    });
    const text = await boundedText(response, VIES_MAX_ANSWER_BYTES);
    if (text === null) return { result: "unavailable", reason: "answer too large" };
    if (response.status >= 500) return { result: "unavailable", reason: `HTTP ${response.status}` };
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      return { result: "unavailable", reason: `HTTP ${response.status}, not JSON` };
    }
    return readViesAnswer(response.status, body);
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    return { result: "unavailable", reason: name === "TimeoutError" ? "timeout" : "no connection" };
  }
}

/**
 * Checks an EU VAT number (with its country prefix: `DE123456789`): a valid or invalid answer
 * kept less than 24 hours is used, else VIES is asked and a valid or invalid answer kept. Takes
 * the pool, not a transaction: the caller checks before its own transaction and writes the
 * outcome in it.
 */
export async function checkVatNumber(
  db: Db,
  vatNumber: string,
  options: ViesOptions = {},
): Promise<VatCheck> {
  const now = options.now ?? new Date();
  const number = normalizeTaxId(vatNumber);
  // VIES names a member state by the number's prefix (EL for Greece), not its ISO country.
  const country = euCountryOfVat(number) ? number.slice(0, 2) : null;
  if (!country) return { result: "invalid", checkedAt: now, cached: false };

  const kept = await db.vatCheck.findUnique({ where: { number } });
  if (kept && now.getTime() - kept.checked_at.getTime() < VIES_CACHE_MS && kept.checked_at <= now) {
    return kept.valid
      ? { result: "valid", name: kept.name, checkedAt: kept.checked_at, cached: true }
      : { result: "invalid", checkedAt: kept.checked_at, cached: true };
  }

  const answer = await askVies(country, number.slice(2), options);
  if (answer.result === "unavailable") {
    // The country only: the number says who the buyer is. No VIES configured (tests) is no news.
    if (answer.reason !== NOT_CONFIGURED)
      console.warn(`VIES could not check a ${country} VAT number (${answer.reason}): it stays unverified.`);
    return answer;
  }
  const row = {
    valid: answer.result === "valid",
    name: answer.result === "valid" ? answer.name : null,
    checked_at: now,
  };
  await db.vatCheck.upsert({ where: { number }, create: { number, ...row }, update: row });
  return answer.result === "valid"
    ? { result: "valid", name: answer.name, checkedAt: now, cached: false }
    : { result: "invalid", checkedAt: now, cached: false };
}
