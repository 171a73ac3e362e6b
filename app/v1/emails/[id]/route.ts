// GET /v1/emails/{id} — one email with its plain-text and HTML parts.
import { methods, route } from "@/lib/api/handler";
import { emailDetailSchema, emailParams } from "@/lib/email/schemas";
import { getEmail } from "@/lib/email/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "emails:read",
      params: emailParams,
      output: emailDetailSchema,
      summary: "Get an email with its plain-text and HTML parts",
    },
    ({ db, principal, params }) => getEmail(db, principal, params.id),
  ),
});
