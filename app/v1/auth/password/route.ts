// POST /v1/auth/password — the signed-in merchant changes their password (the current one is
// needed, 422 when wrong): every other session of theirs ends, this one stays (204).
import { methods, route } from "@/lib/api/handler";
import { requireSession } from "@/lib/api/auth";
import { changePassword, changePasswordBody } from "@/lib/auth/password-change";
import { clientAddress } from "@/lib/http/peer";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "session",
      body: changePasswordBody,
      status: 204,
      // The current password is checked each time.
      idempotency: "none",
      summary: "Change the signed-in merchant's password; signs their other sessions out",
    },
    async ({ db, request, body, principal }) => {
      requireSession(principal);
      await changePassword(db, {
        userId: principal.userId,
        sessionId: principal.id,
        address: clientAddress(request),
        body,
      });
      return new Response(null, { status: 204 });
    },
  ),
});
