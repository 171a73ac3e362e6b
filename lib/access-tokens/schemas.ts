// Organization access tokens as the dashboard manages them. The token itself appears once, in the
// creation response; lists show only what identifies a token.
import { z } from "zod";
import { SCOPES, scopeSchema } from "../auth/scopes";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { dateTime, timestamps } from "../core/schemas";
import type { OrganizationAccessToken } from "../generated/prisma/client";

export const accessTokenSchema = z.object({
  id: z.uuid(),
  ...timestamps,
  organization_id: z.uuid(),
  comment: z.string(),
  scopes: z.array(z.string()),
  expires_at: dateTime.nullable(),
  revoked_at: dateTime.nullable(),
  last_used_at: dateTime.nullable(),
});

export function toAccessToken(row: OrganizationAccessToken): z.output<typeof accessTokenSchema> {
  return {
    id: row.id,
    created_at: row.created_at,
    modified_at: row.modified_at,
    organization_id: row.organization_id,
    comment: row.comment,
    scopes: row.scopes,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
  };
}

export const ACCESS_TOKEN_SORT_FIELDS = ["created_at", "comment", "last_used_at", "organization_id"] as const;

export const listAccessTokensQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  sorting: sortingQuery(ACCESS_TOKEN_SORT_FIELDS, ["-created_at"]),
});
export type ListAccessTokensQuery = z.output<typeof listAccessTokensQuery>;

export const createAccessTokenBody = z.object({
  organization_id: id(),
  comment: z.string().trim().min(1).max(120),
  scopes: z
    .array(scopeSchema)
    .min(1)
    .max(SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Scopes should be unique"),
  expires_at: dateTime.nullable().default(null),
});
export type CreateAccessTokenBody = z.output<typeof createAccessTokenBody>;

export const createdAccessTokenSchema = z.object({
  organization_access_token: accessTokenSchema,
  token: z.string(),
});

export const accessTokenParams = z.object({ id: id() });
