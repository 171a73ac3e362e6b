// Who is calling: resolves the request's credentials to a Principal (organizations it may see and
// scopes it holds), or throws the contract's 401/403. Two credentials for merchants: an
// organization access token (Authorization: Bearer), or the dashboard's session cookie, which needs
// the CSRF token on writes (docs/api.md §3). The customer portal's routes take a third, a
// customer session token, and only it (`authenticateCustomer`): `Bearer cst_...` from API
// clients, or the portal's own cookie from its pages, which needs the CSRF token on writes too.
import type { Db } from "../db/client";
import { directQuery, type ResourceRead } from "../db/direct";
import {
  bucketChargeCtes,
  bucketState,
  rateLimitExceeded,
  rateLimits,
  sweepWhenDue,
  TOKEN_BUDGET_PREFIX,
  type BucketRow,
  type RateLimit,
  type RateLimitResult,
} from "./rate-limit";
import { sha256Hex } from "../crypto";
import { hasScope, SCOPES, type Scope } from "../auth/scopes";
import { PORTAL_SESSION_COOKIE, readCookie, SESSION_COOKIE } from "./session-cookies";
import { CSRF_REFUSED, csrfMatches, resolveSession } from "../auth/sessions";
import { ApiError } from "../core/errors";
import type { CustomerPrincipal, Principal } from "../core/principal";
import { CUSTOMER_SESSION_TOKEN_PREFIX, customerSessionCsrfToken } from "../customer-portal/sessions";

export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** A merchant acts on the organizations they belong to with every scope. */
const ALL_SCOPES: ReadonlySet<string> = new Set(SCOPES);

// last_used_at is for humans ("used 3 minutes ago"): writing it on every request would turn each
// read into a write, so it is refreshed at most once a minute.
const LAST_USED_RESOLUTION_MS = 60_000;

function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : "";
}

async function authenticateSession(db: Db, request: Request, token: string, now: Date): Promise<Principal> {
  const session = await resolveSession(db, token, now);
  if (!session) throw new ApiError("Unauthorized", "Your session has expired. Sign in again.");
  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    // Only the header counts: the browser would attach a cookie to a forged request too.
    if (!csrfMatches(request.headers.get(CSRF_HEADER), session.csrfToken)) {
      throw new ApiError("NotPermitted", CSRF_REFUSED);
    }
  }
  return {
    kind: "user_session",
    id: session.id,
    userId: session.userId,
    organizationIds: session.organizationIds,
    scopes: ALL_SCOPES,
  };
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

// Every token-authenticated request runs this first, straight to the driver (lib/db/direct.ts):
// the token with its organization's block and, in the same statement, the charge of the token's
// rate-limit budget, made only when the token is usable (a refused credential pays from the
// client address's budget instead: ./admission.ts). $1 token hash, $2 now (ISO), $3 the budget's
// emission interval (ms), $4 its window (ms). A route that reads one resource (./handler.ts
// `readRoute`) has the read run in the same statement, for the usable token's organization only,
// from $5 on: one round trip for the whole request. The caller checks the token's scope before
// the read's row is used.
const ADMIT_VALUE_COUNT = 4;

function admitTokenSql(read?: ResourceRead<unknown>): string {
  const readColumn = read
    ? `, (${read.sql({
        organizations: "ARRAY(SELECT organization_id FROM usable)",
        values: Array.from({ length: read.valueCount }, (_, i) => `$${ADMIT_VALUE_COUNT + 1 + i}`),
      })}) AS read`
    : "";
  return `
  WITH t AS (
    SELECT t.id, t.organization_id, t.scopes, t.expires_at, t.revoked_at, t.last_used_at, o.blocked_at
    FROM organization_access_tokens t JOIN organizations o ON o.id = t.organization_id
    WHERE t.token_hash = $1
  ),
  usable AS (
    SELECT t.id, t.organization_id FROM t
    WHERE t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > $2::timestamp)
      AND t.blocked_at IS NULL
  ),
  bucket_key AS (SELECT '${TOKEN_BUDGET_PREFIX}' || usable.id::text AS key FROM usable),
  ${bucketChargeCtes("$2", "$3", "$4")}
  SELECT json_build_object(
    'id', t.id, 'organization_id', t.organization_id, 'scopes', t.scopes,
    'expires_at', ${epochMs("t.expires_at")}, 'revoked_at', ${epochMs("t.revoked_at")},
    'last_used_at', ${epochMs("t.last_used_at")}, 'blocked_at', ${epochMs("t.blocked_at")},
    'bucket', (SELECT state FROM bucket LIMIT 1))::text AS token${readColumn}
  FROM t`;
}

const ADMIT_TOKEN_SQL = admitTokenSql();
// Built once per read (the statement is then a named prepared statement: lib/db/client.ts).
const admitWithReadSql = new WeakMap<ResourceRead<unknown>, string>();

/** A resource read to run with the admission: the read and its values (lib/db/direct.ts). */
export type AdmissionRead = { read: ResourceRead<unknown>; values: readonly unknown[] };

type TokenRow = {
  id: string;
  organization_id: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** The organization's, read in the same query: every token-authenticated request pays this. */
  blocked_at: Date | null;
  bucket: BucketRow | null;
};

async function findTokenCharging(
  db: Db,
  tokenHash: string,
  budget: RateLimit,
  now: Date,
  prefetch?: AdmissionRead,
) {
  let text = ADMIT_TOKEN_SQL;
  if (prefetch) {
    text = admitWithReadSql.get(prefetch.read) ?? admitTokenSql(prefetch.read);
    admitWithReadSql.set(prefetch.read, text);
  }
  const rows = await directQuery(db)<{ token: string; read?: string | null }>(text, [
    tokenHash,
    now.toISOString(),
    budget.windowMs / budget.limit,
    budget.windowMs,
    ...(prefetch?.values ?? []),
  ]);
  if (!rows[0]) return null;
  const row = JSON.parse(rows[0].token) as Record<keyof TokenRow, unknown>;
  const date = (ms: unknown) => (typeof ms === "number" ? new Date(ms) : null);
  const token = {
    id: row.id as string,
    organization_id: row.organization_id as string,
    scopes: row.scopes as string[],
    expires_at: date(row.expires_at),
    revoked_at: date(row.revoked_at),
    last_used_at: date(row.last_used_at),
    blocked_at: date(row.blocked_at),
    bucket: (row.bucket as BucketRow | null) ?? null,
  } satisfies TokenRow;
  return { token, read: prefetch ? (rows[0].read ?? null) : undefined };
}

/**
 * A principal, and the charge of its budget when it was made with the authentication; `read`:
 * the row of the resource read that ran with it (JSON text, null when there is none), undefined
 * when no read ran (none asked for, or a dashboard session).
 */
export type Authenticated = { principal: Principal; rate: RateLimitResult | null; read?: string | null };

/**
 * Who is calling. A token's own budget (`tokenBudget`) is charged in the statement that reads the
 * token; a session's is the caller's to charge (`rate` null). Throws 401 for a refused credential,
 * 403 for a blocked organization, 429 (after the credential is known good) for a spent budget.
 */
export async function authenticateCharging(
  db: Db,
  request: Request,
  tokenBudget: RateLimit,
  now = new Date(),
  prefetch?: AdmissionRead,
): Promise<Authenticated> {
  const token = bearerToken(request);
  if (token === null) {
    const sessionToken = readCookie(request, SESSION_COOKIE);
    if (sessionToken)
      return { principal: await authenticateSession(db, request, sessionToken, now), rate: null };
    throw new ApiError("Unauthorized", "Not authenticated", { headers: { "WWW-Authenticate": "Bearer" } });
  }
  const invalid = (description: string) =>
    new ApiError("invalid_token", description, {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    });
  if (!token) throw invalid("The access token is missing.");
  const found = await findTokenCharging(db, sha256Hex(token), tokenBudget, now, prefetch);
  if (!found) throw invalid("The access token is invalid.");
  const row = found.token;
  if (row.revoked_at) throw invalid("The access token has been revoked.");
  if (row.expires_at && row.expires_at <= now) throw invalid("The access token has expired.");
  if (row.blocked_at) throw new ApiError("NotPermitted", "This organization is blocked.");
  await sweepWhenDue(db, now);
  const rate = bucketState(row.bucket ?? undefined, tokenBudget, now.getTime());
  if (!rate.allowed) throw rateLimitExceeded(rate);
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.organizationAccessToken.update({ where: { id: row.id }, data: { last_used_at: now } });
  }
  const principal: Principal = {
    kind: "access_token",
    id: row.id,
    organizationIds: [row.organization_id],
    scopes: new Set(row.scopes),
  };
  return { principal, rate, read: found.read };
}

/** Who is calling, charging a token's default budget (see authenticateCharging). */
export async function authenticate(db: Db, request: Request, now = new Date()): Promise<Principal> {
  return (await authenticateCharging(db, request, rateLimits().token, now)).principal;
}

/** Routes only a signed-in merchant may call (e.g. minting access tokens: a token cannot). */
export function requireSession(principal: Principal): asserts principal is Principal & { userId: string } {
  if (principal.kind !== "user_session" || !principal.userId) {
    throw new ApiError("NotPermitted", "This route needs a signed-in merchant (dashboard session).");
  }
}

export function requireScope(principal: Principal, scope: Scope): void {
  if (!hasScope(principal.scopes, scope)) {
    throw new ApiError("insufficient_scope", `The access token does not have the required scope: ${scope}.`, {
      headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }
}

/**
 * A buyer in the customer portal: `Authorization: Bearer cst_...`, else the portal's session
 * cookie, a customer session (made by confirm, by a sign-in code or by the merchant). 401
 * `Unauthorized` when it is missing, unknown, expired or signed out, or its customer was deleted;
 * 403 when the organization is blocked, or when a write by cookie lacks the session's CSRF token
 * (X-CSRF-Token). An access token or a merchant's cookie is not a customer: 401 too.
 */
export async function authenticateCustomer(
  db: Db,
  request: Request,
  now = new Date(),
): Promise<CustomerPrincipal> {
  const bearer = bearerToken(request);
  const byCookie = bearer === null;
  const token = byCookie ? readCookie(request, PORTAL_SESSION_COOKIE) : bearer;
  const refused = (detail: string) =>
    new ApiError("Unauthorized", detail, { headers: { "WWW-Authenticate": "Bearer" } });
  if (!token || !token.startsWith(CUSTOMER_SESSION_TOKEN_PREFIX) || token.length > 200)
    throw refused("Not authenticated");
  const session = await db.customerSession.findUnique({
    where: { token_hash: sha256Hex(token) },
    select: {
      id: true,
      expires_at: true,
      customer: {
        select: {
          id: true,
          organization_id: true,
          deleted_at: true,
          organization: { select: { blocked_at: true } },
        },
      },
    },
  });
  if (!session || session.customer.deleted_at) throw refused("Not authenticated");
  if (session.expires_at <= now) throw refused("Your session has expired. Sign in again.");
  if (session.customer.organization.blocked_at)
    throw new ApiError("NotPermitted", "This organization is blocked.");
  // The browser attaches the cookie to a forged request too; only the portal's pages can read the
  // CSRF cookie and send its value (the dashboard's rule, above).
  if (byCookie && !SAFE_METHODS.has(request.method.toUpperCase())) {
    if (!csrfMatches(request.headers.get(CSRF_HEADER), customerSessionCsrfToken(token))) {
      throw new ApiError("NotPermitted", CSRF_REFUSED);
    }
  }
  return {
    kind: "customer_session",
    id: session.id,
    customerId: session.customer.id,
    organizationId: session.customer.organization_id,
    // None: handed by mistake to a merchant service, this principal would see nothing of the
    // organization (portal services scope by customer: lib/customer-portal/tenancy.ts).
    organizationIds: [],
    scopes: new Set(),
  };
}
