// The email resource (GET /v1/emails/, GET /v1/emails/{id}): what was sent to whom and how it went.
// The list carries no bodies; one email carries both parts, opened from their sealed columns.
import { z } from "zod";
import type { Email } from "../generated/prisma/client";
import { dateTime, timestamps } from "../core/schemas";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";
import { messageOf } from "./send";

export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;

export const emailSchema = z.object({
  id: z.string(),
  ...timestamps,
  organization_id: z.string(),
  /** What the email is, e.g. `order_receipt`. */
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  to: z.string(),
  from: z.string(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  /** `smtp` or `embedded`: how the last attempt went out (null before the first). */
  transport: z.string().nullable(),
  attempts: z.number().int(),
  last_attempt_at: dateTime.nullable(),
  last_error: z.string().nullable(),
  message_id: z.string(),
  customer_id: z.string().nullable(),
  order_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  sent_at: dateTime.nullable(),
});

export const emailDetailSchema = emailSchema.extend({
  /** The plain-text part. */
  text: z.string(),
  /** The HTML part (show it sandboxed: it is a document of its own). */
  html: z.string(),
});

export function toEmail(row: Email): z.output<typeof emailSchema> {
  return {
    id: row.id,
    created_at: row.created_at,
    modified_at: row.modified_at,
    // Never empty here: rows without an organization (account emails) match no principal's
    // organizations, so no list or read returns them.
    organization_id: row.organization_id ?? "",
    kind: row.kind,
    status: row.status,
    to: row.to,
    from: row.from,
    reply_to: row.reply_to,
    subject: row.subject,
    transport: row.transport,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at,
    last_error: row.last_error,
    message_id: row.message_id,
    customer_id: row.customer_id,
    order_id: row.order_id,
    subscription_id: row.subscription_id,
    sent_at: row.sent_at,
  };
}

export function toEmailDetail(row: Email): z.output<typeof emailDetailSchema> {
  const message = messageOf(row);
  return { ...toEmail(row), text: message.text, html: message.html };
}

export const EMAIL_SORT_FIELDS = ["created_at", "sent_at", "to"] as const;

export const listEmailsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  status: queryList(z.enum(EMAIL_STATUSES)),
  kind: queryList(z.string().max(64)),
  order_id: queryList(id()),
  customer_id: queryList(id()),
  sorting: sortingQuery(EMAIL_SORT_FIELDS, ["-created_at"]),
});
export type ListEmailsQuery = z.output<typeof listEmailsQuery>;

export const emailParams = z.object({ id: id() });
