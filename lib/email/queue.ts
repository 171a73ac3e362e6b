// Queueing an email: rendered and stored (bodies sealed) in the transaction of the change that
// causes it, with the job that sends it after commit (./send.ts). Rolled back with that change,
// an email is never sent for something that did not happen; committed, it is sent at least once.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { directSql } from "../db/direct";
import { Prisma } from "../generated/prisma/client";
import { emailFromAddress } from "../config";
import { enqueueJob } from "../jobs/queue";
import { encrypt } from "../secrets";
import { ANONYMIZED_EMAIL_DOMAIN } from "../customers/schemas";
import { singleLine } from "./templates/html";
import type { EmailTemplate } from "./templates/types";

export const SEND_EMAIL_JOB = "email.send";
export type SendEmailPayload = { email_id: string };

/** The bodies are sealed per row and part: a sealed body copied to another row does not open. */
export const emailBodyContext = (emailId: string, part: "text" | "html") => `emails.${part}:${emailId}`;

export type QueueEmailInput<Data> = {
  template: EmailTemplate<Data>;
  data: Data;
  /**
   * Who the email speaks for. `id` null: the merchant's own account email (a password reset), in
   * no organization's outbox, so no other member or access token of theirs can read its link.
   */
  organization: { id: string | null; name: string; email: string | null };
  to: string;
  /** The business event the email is about (e.g. `order_receipt:<order id>`): one email per event. */
  reference: string;
  related?: { customerId?: string | null; orderId?: string | null; subscriptionId?: string | null };
  now: Date;
};

/**
 * The From header's display name: the organization's, without the characters that would need
 * quoting rules to survive a header (quotes, angle brackets, backslashes, line breaks).
 */
export function fromName(organizationName: string): string {
  return singleLine(organizationName.replace(/["<>\\]/g, " ")).replace(/\s+/g, " ") || "Orders";
}

/** `"Name" <address>`, as stored on the email and parsed back by `parseFrom`. */
export function formatFrom(name: string, address: string): string {
  return `"${name}" <${address}>`;
}

export function parseFrom(from: string): { name: string; address: string } {
  const match = /^"([^"]*)" <([^<>]+)>$/.exec(from);
  return match ? { name: match[1]!, address: match[2]! } : { name: "", address: from };
}

/** Marks what a test organization sends (docs/payments.md, "Test and live organizations"). */
export const TEST_SUBJECT_PREFIX = "[Test] ";

/**
 * The subject as stored: a test organization's starts with "[Test] ", so that no buyer mistakes a
 * test purchase for a real one. Decided inside the INSERT (the organization's `livemode` read
 * there), so every email kind gets it without a statement more; the merchant's own account emails
 * (no organization) never do.
 */
function testSubjectSql(subject: string, organizationId: string | null): Prisma.Sql {
  if (!organizationId) return Prisma.sql`${subject}`;
  return Prisma.sql`(CASE WHEN (SELECT o.livemode FROM organizations o WHERE o.id = ${organizationId}::uuid)
                          THEN ${subject}::text
                          ELSE left(${TEST_SUBJECT_PREFIX}::text || ${subject}::text, 998) END)`;
}

/**
 * Renders the template and stores the email `queued` with its send job; returns its id, or null when
 * nothing is queued: an email for this reference exists already, or the recipient was anonymized.
 */
export async function queueEmail<Data>(tx: Tx, input: QueueEmailInput<Data>): Promise<string | null> {
  if (input.to.endsWith(`@${ANONYMIZED_EMAIL_DOMAIN}`)) return null;
  const brand = { name: input.organization.name, supportEmail: input.organization.email || null };
  const content = input.template.render(input.data, brand);
  const id = randomUUID();
  const address = emailFromAddress();
  const from = formatFrom(fromName(brand.name), address);
  const subject = singleLine(content.subject).slice(0, 998);
  const messageId = `<${id}@${address.slice(address.lastIndexOf("@") + 1)}>`;
  // ON CONFLICT DO NOTHING: a second email for the same reference is not an error to roll back.
  // Written out rather than Prisma's createMany with skipDuplicates: Prisma compiles a createMany's
  // plan afresh on every call (it caches the plans of other queries), which cost a purchase about
  // 0.3 ms of the server's CPU in its query compiler (WebAssembly).
  const inserted = await directSql(
    tx,
    Prisma.sql`
    INSERT INTO emails (id, created_at, organization_id, kind, reference, "to", "from", reply_to, subject,
                        text_sealed, html_sealed, message_id, customer_id, order_id, subscription_id)
    VALUES (${id}::uuid, ${input.now.toISOString()}::timestamp, ${input.organization.id}::uuid,
            ${input.template.kind}, ${input.reference}, ${input.to}, ${from}, ${brand.supportEmail},
            ${testSubjectSql(subject, input.organization.id)}, ${encrypt(content.text, emailBodyContext(id, "text"))},
            ${encrypt(content.html, emailBodyContext(id, "html"))}, ${messageId},
            ${input.related?.customerId ?? null}::uuid, ${input.related?.orderId ?? null}::uuid,
            ${input.related?.subscriptionId ?? null}::uuid)
    ON CONFLICT DO NOTHING
    RETURNING 1 AS inserted`,
  );
  if (inserted.length === 0) return null;
  const payload: SendEmailPayload = { email_id: id };
  await enqueueJob(tx, SEND_EMAIL_JOB, payload, { now: input.now });
  return id;
}
