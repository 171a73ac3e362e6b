// GET /v1/emails/ — the emails sent (or being sent) to buyers, newest first; no bodies.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { emailSchema, listEmailsQuery } from "@/lib/email/schemas";
import { listEmails } from "@/lib/email/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "emails:read",
      query: listEmailsQuery,
      output: pageSchema(emailSchema),
      summary: "List emails to buyers (receipts and notices): recipient, subject, kind, status, transport",
    },
    ({ db, principal, query }) => listEmails(db, principal, query),
  ),
});
