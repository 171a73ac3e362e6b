// Who gets in, and what it costs: authenticates the request (token or session cookie) and charges
// the rate-limit budget it belongs to. A credential pays from its own budget, before its scope is
// checked (refused requests of a valid token count too); anonymous requests and every failed
// credential (missing, unknown, revoked, expired token or session) pay from the client address's
// budget, so guessing credentials ends in 429 like any other anonymous flood.
import type { Db } from "../db/client";
import type { Scope } from "../auth/scopes";
import { addressBucket, clientAddress } from "../http/peer";
import { authenticate, requireScope, requireSession, type Principal } from "./auth";
import { ApiError } from "./errors";
import { enforceRateLimits, rateLimits, type RateLimitResult } from "./rate-limit";

export type Admitted = { principal: Principal | null; rate: RateLimitResult | null };

export async function admit(db: Db, request: Request, auth: Scope | "session" | "public"): Promise<Admitted> {
  const limits = rateLimits();
  const addressBudget = () => ({ key: `ip:${addressBucket(clientAddress(request))}`, limit: limits.ip });
  if (auth === "public") return { principal: null, rate: await enforceRateLimits(db, [addressBudget()]) };

  const principal = await authenticate(db, request).catch(async (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) await enforceRateLimits(db, [addressBudget()]);
    throw error;
  });
  const rate = await enforceRateLimits(db, [
    { key: `${principal.kind}:${principal.id}`, limit: limits.token },
  ]);
  if (auth === "session") requireSession(principal);
  else requireScope(principal, auth);
  return { principal, rate };
}
