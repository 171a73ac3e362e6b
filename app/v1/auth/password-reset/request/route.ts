// POST /v1/auth/password-reset/request — "Forgot password?": emails a single-use link (30 minutes)
// to the merchant with this address. 202 `{}` for any address, after the same work; limited per
// address and per client address (docs/accounts.md).
import { methods, route } from "@/lib/api/handler";
import {
  acceptedSchema,
  passwordResetRateLimits,
  passwordResetRequestBody,
  requestPasswordReset,
} from "@/lib/auth/password-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: passwordResetRequestBody,
      output: acceptedSchema,
      status: 202,
      // Every request sends a new link: a replayed answer would send none.
      idempotency: "none",
      rateLimitBy: passwordResetRateLimits,
      summary: "Email a password reset link to a merchant (same answer for any address)",
    },
    ({ db, body }) => requestPasswordReset(db, body),
  ),
});
