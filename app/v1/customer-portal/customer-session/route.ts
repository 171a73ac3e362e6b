// DELETE /v1/customer-portal/customer-session — sign out: the customer session token stops working,
// and the portal's cookies are cleared (a write: by cookie it needs the CSRF token).
import { methods, route } from "@/lib/api/handler";
import { clearedPortalSessionCookies, withCookies } from "@/lib/api/session-cookies";
import { revokeCustomerSession } from "@/lib/customer-portal/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    { auth: "customer", status: 204, summary: "Sign out of the customer portal (revokes the session token)" },
    async ({ db, principal }) => {
      await revokeCustomerSession(db, principal);
      return withCookies(new Response(null, { status: 204 }), clearedPortalSessionCookies());
    },
  ),
});
