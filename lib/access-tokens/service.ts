// Managing organization access tokens from the dashboard: list, create (the token is returned
// once, only its hash is kept) and revoke. Only signed-in merchants get here (auth "session"):
// a token cannot mint or revoke tokens.
import type { Db, DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { listPage, mapPage, nullsLast } from "../core/list";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { createAccessToken } from "../auth/access-tokens";
import { toAccessToken, type CreateAccessTokenBody, type ListAccessTokensQuery } from "./schemas";

export async function listAccessTokens(db: DbOrTx, principal: Principal, query: ListAccessTokensQuery) {
  const page = await listPage(db.organizationAccessToken, principal, query, {
    // Tokens never used sort last both ways.
    columns: { last_used_at: nullsLast("last_used_at") },
  });
  return mapPage(page, toAccessToken);
}

export async function createOrganizationAccessToken(
  db: Db,
  principal: Principal,
  body: CreateAccessTokenBody,
  now = new Date(),
) {
  const problems = [];
  if (!principal.organizationIds.includes(body.organization_id)) {
    problems.push({
      type: "value_error",
      loc: ["body", "organization_id"],
      msg: "Organization not found.",
      input: body.organization_id,
    });
  }
  if (body.expires_at && body.expires_at <= now) {
    problems.push({
      type: "value_error",
      loc: ["body", "expires_at"],
      msg: "The expiry should be in the future.",
      input: body.expires_at.toISOString(),
    });
  }
  if (problems.length) throw ApiError.validation(problems);
  // In a transaction of its own, so that an Idempotency-Key's answer (the token, encrypted) is
  // stored with the token (lib/api/idempotency.ts): a retry never mints a second one.
  return db.$transaction(async (tx) => {
    const { token, accessToken } = await createAccessToken(tx, {
      organizationId: body.organization_id,
      comment: body.comment,
      scopes: body.scopes,
      expiresAt: body.expires_at,
    });
    return { organization_access_token: toAccessToken(accessToken), token };
  });
}

/** Revoking twice is harmless: the first revocation time is kept. */
export async function revokeAccessToken(db: DbOrTx, principal: Principal, id: string, now = new Date()) {
  const row = foundOrThrow(
    await db.organizationAccessToken.findFirst({ where: { id, ...tenantWhere(principal) } }),
  );
  if (!row.revoked_at) {
    await db.organizationAccessToken.update({ where: { id }, data: { revoked_at: now, modified_at: now } });
  }
}
