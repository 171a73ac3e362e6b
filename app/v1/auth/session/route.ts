// GET /v1/auth/session — who is signed in, their organizations, and the CSRF token for writes.
import { methods, route } from "@/lib/api/handler";
import { sessionViewSchema } from "@/lib/auth/schemas";
import { currentSessionView } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    { auth: "session", output: sessionViewSchema, summary: "The signed-in merchant and their organizations" },
    ({ db, principal }) => currentSessionView(db, principal.id),
  ),
});
