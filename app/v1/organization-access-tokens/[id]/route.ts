// DELETE /v1/organization-access-tokens/{id} — revoke an access token (dashboard session only).
import { methods, route } from "@/lib/api/handler";
import { accessTokenParams } from "@/lib/access-tokens/schemas";
import { revokeAccessToken } from "@/lib/access-tokens/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    { auth: "session", params: accessTokenParams, status: 204, summary: "Revoke an access token" },
    ({ db, principal, params }) => revokeAccessToken(db, principal, params.id),
  ),
});
