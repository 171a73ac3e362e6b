// POST /v1/auth/password-reset/confirm — a new password through the emailed link's token: every
// session of the merchant ends (204). 400 for a token that is unknown, used or expired.
import { methods, route } from "@/lib/api/handler";
import { confirmPasswordReset, passwordResetConfirmBody } from "@/lib/auth/password-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      body: passwordResetConfirmBody,
      status: 204,
      // The token works once: a retry must be told so, not replayed a success.
      idempotency: "none",
      summary: "Set a new password with a reset link's token; signs the merchant out everywhere",
    },
    async ({ db, body }) => {
      await confirmPasswordReset(db, body);
      return new Response(null, { status: 204 });
    },
  ),
});
