// Who is calling: resolves the request's credentials to a Principal (organizations it may see and
// scopes it holds), or throws the contract's 401/403.
import type { Db } from "../db/client";
import { sha256Hex } from "../crypto";
import { hasScope, type Scope } from "../auth/scopes";
import { ApiError } from "./errors";

export type Principal = {
  kind: "access_token";
  id: string;
  /** Every organization this principal may read; a token has exactly one. */
  organizationIds: string[];
  scopes: ReadonlySet<string>;
};

// last_used_at is for humans ("used 3 minutes ago"): writing it on every request would turn each
// read into a write, so it is refreshed at most once a minute.
const LAST_USED_RESOLUTION_MS = 60_000;

function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1]!.trim() : "";
}

export async function authenticate(db: Db, request: Request, now = new Date()): Promise<Principal> {
  const token = bearerToken(request);
  if (token === null) {
    throw new ApiError("Unauthorized", "Not authenticated", { headers: { "WWW-Authenticate": "Bearer" } });
  }
  const invalid = (description: string) =>
    new ApiError("invalid_token", description, {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    });
  if (!token) throw invalid("The access token is missing.");
  const row = await db.organizationAccessToken.findUnique({
    where: { token_hash: sha256Hex(token) },
    include: { organization: { select: { blocked_at: true } } },
  });
  if (!row) throw invalid("The access token is invalid.");
  if (row.revoked_at) throw invalid("The access token has been revoked.");
  if (row.expires_at && row.expires_at <= now) throw invalid("The access token has expired.");
  if (row.organization.blocked_at) throw new ApiError("NotPermitted", "This organization is blocked.");
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.organizationAccessToken.update({ where: { id: row.id }, data: { last_used_at: now } });
  }
  return {
    kind: "access_token",
    id: row.id,
    organizationIds: [row.organization_id],
    scopes: new Set(row.scopes),
  };
}

export function requireScope(principal: Principal, scope: Scope): void {
  if (!hasScope(principal.scopes, scope)) {
    throw new ApiError("insufficient_scope", `The access token does not have the required scope: ${scope}.`, {
      headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}"` },
    });
  }
}

/**
 * The organizations a list may show: the principal's, narrowed (never widened) by an
 * `organization_id` filter.
 */
export function visibleOrganizations(principal: Principal, filter?: string[]): string[] {
  if (!filter?.length) return principal.organizationIds;
  return principal.organizationIds.filter((id) => filter.includes(id));
}
