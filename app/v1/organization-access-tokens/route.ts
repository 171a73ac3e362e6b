// GET, POST /v1/organization-access-tokens/ — list and create access tokens (dashboard session only).
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import {
  accessTokenSchema,
  createAccessTokenBody,
  createdAccessTokenSchema,
  listAccessTokensQuery,
} from "@/lib/access-tokens/schemas";
import { createOrganizationAccessToken, listAccessTokens } from "@/lib/access-tokens/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "session",
      query: listAccessTokensQuery,
      output: pageSchema(accessTokenSchema),
      summary: "List the organization access tokens (newest first, revoked ones included)",
    },
    ({ db, principal, query }) => listAccessTokens(db, principal, query),
  ),
  POST: route(
    {
      auth: "session",
      body: createAccessTokenBody,
      output: createdAccessTokenSchema,
      status: 201,
      summary: "Create an access token; the token is in this response only",
    },
    ({ db, principal, body }) => createOrganizationAccessToken(db, principal, body),
  ),
});
