// The Stripe client of one organization's secret key (docs/payments.md, "Stripe"). Every call goes
// to Stripe's API, or to STRIPE_API_BASE when it is set: a test-only setting that points the client
// at a local fake (test/stripe-fake/). The API version is the one the pinned `stripe` package was
// built for, so a package upgrade is a deliberate change.
import Stripe from "stripe";
import { ConfigError } from "../config";
import { sha256Hex } from "../crypto";

/** Longer than Stripe takes, shorter than reconciliation's grace period (lib/payments/reconcile.ts). */
const TIMEOUT_MS = 30_000;

type Endpoint = { host: string; port: number; protocol: "http" | "https" };

/** STRIPE_API_BASE as the client's host, port and protocol; undefined: Stripe's own API. */
export function stripeApiEndpoint(
  env: Record<string, string | undefined> = process.env,
): Endpoint | undefined {
  const raw = env.STRIPE_API_BASE?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111 (got "${raw.slice(0, 60)}").`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`STRIPE_API_BASE must be an http or https URL (got "${raw.slice(0, 60)}").`);
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

const clients = new Map<string, Stripe>();

/**
 * One client per secret key (and endpoint), reused: the package keeps its connections warm. The
 * cache is keyed by the key's hash, so no secret sits in it as a key.
 */
export function stripeClient(secretKey: string): Stripe {
  const endpoint = stripeApiEndpoint();
  const cacheKey = sha256Hex(
    `${endpoint ? `${endpoint.protocol}://${endpoint.host}:${endpoint.port}` : ""}|${secretKey}`,
  );
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(secretKey, {
      ...endpoint,
      timeout: TIMEOUT_MS,
      // Our calls carry our own idempotency keys, so the package's one retry of a network failure
      // is the same operation, never a second charge.
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: "digital-sales-backend" },
    });
    if (clients.size > 1000) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}

/** Whether a key is a test key (`sk_test_…`, `pk_test_…`, `rk_test_…`). */
export function isTestKey(key: string): boolean {
  return /^(sk|pk|rk)_test_/.test(key);
}

/** Stripe's error, as the package throws it (a network failure has no `type` of Stripe's). */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** The id of an expandable Stripe field (an id, or the expanded object); null when absent. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}
