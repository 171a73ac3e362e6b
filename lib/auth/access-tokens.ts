// Organization access tokens: `oat_` + 256 random bits, stored as a SHA-256 hash, shown once.
import { randomUUID } from "node:crypto";
import { randomSecret, sha256Hex } from "../crypto";
import type { DbOrTx } from "../db/client";
import type { Scope } from "./scopes";

export const ACCESS_TOKEN_PREFIX = "oat_";

export function newAccessToken(): string {
  return randomSecret(ACCESS_TOKEN_PREFIX);
}

export async function createAccessToken(
  db: DbOrTx,
  input: {
    organizationId: string;
    comment: string;
    scopes: readonly Scope[];
    expiresAt?: Date | null;
    token?: string;
  },
) {
  const token = input.token ?? newAccessToken();
  const row = await db.organizationAccessToken.create({
    data: {
      id: randomUUID(),
      organization_id: input.organizationId,
      comment: input.comment,
      token_hash: sha256Hex(token),
      scopes: [...input.scopes],
      expires_at: input.expiresAt ?? null,
    },
  });
  return { token, accessToken: row };
}
