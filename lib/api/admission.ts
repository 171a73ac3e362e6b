// Who gets in, and what it costs: authenticates the request (token or session cookie) and charges
// the rate-limit budget it belongs to. A credential pays from its own budget, before its scope is
// checked (refused requests of a valid token count too); anonymous requests and every failed
// credential (missing, unknown, revoked, expired token or session) pay from the client address's
// budget, so guessing credentials ends in 429 like any other anonymous flood.
import type { Db } from "../db/client";
import type { Scope } from "../auth/scopes";
import { addressBucket, clientAddress } from "../http/peer";
import {
  authenticateCharging,
  authenticateCustomer,
  requireScope,
  requireSession,
  type AdmissionRead,
} from "./auth";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { enforceRateLimits, rateLimits, type RateLimit, type RateLimitResult } from "./rate-limit";

/**
 * `read`: the row of the resource read that ran with the admission (see authenticateCharging);
 * `deferredBudget`: the client address's budget of a public route, left for the caller to charge.
 */
export type Admitted = {
  principal: Principal | null;
  rate: RateLimitResult | null;
  read?: string | null;
  deferredBudget?: { key: string; limit: RateLimit };
};

export type AdmitOptions = {
  /** A resource read to run in the token's statement (lib/api/handler.ts `readRoute`). */
  prefetch?: AdmissionRead;
  /**
   * Public routes: return the address's budget uncharged, for the caller to charge with the
   * route's own budgets in one statement (lib/api/handler.ts).
   */
  deferAddressBudget?: boolean;
};

export async function admit(
  db: Db,
  request: Request,
  auth: Scope | "session" | "customer" | "public",
  { prefetch, deferAddressBudget = false }: AdmitOptions = {},
): Promise<Admitted> {
  const limits = rateLimits();
  const addressBudget = () => ({ key: `ip:${addressBucket(clientAddress(request))}`, limit: limits.ip });
  if (auth === "public") {
    if (deferAddressBudget) return { principal: null, rate: null, deferredBudget: addressBudget() };
    return { principal: null, rate: await enforceRateLimits(db, [addressBudget()]) };
  }
  const refusedPaysByAddress = async (error: unknown): Promise<never> => {
    if (error instanceof ApiError && error.status === 401) await enforceRateLimits(db, [addressBudget()]);
    throw error;
  };

  if (auth === "customer") {
    // The customer portal: a buyer's session, with a budget of its own as a token has.
    const customer = await authenticateCustomer(db, request).catch(refusedPaysByAddress);
    const rate = await enforceRateLimits(db, [
      { key: `${customer.kind}:${customer.id}`, limit: limits.token },
    ]);
    return { principal: customer, rate };
  }

  // A token's budget is charged in the statement that reads the token (one round trip).
  const authenticated = await authenticateCharging(db, request, limits.token, undefined, prefetch).catch(
    refusedPaysByAddress,
  );
  const { principal } = authenticated;
  const rate =
    authenticated.rate ??
    (await enforceRateLimits(db, [{ key: `${principal.kind}:${principal.id}`, limit: limits.token }]));
  if (auth === "session") requireSession(principal);
  else requireScope(principal, auth);
  return { principal, rate, read: authenticated.read };
}
