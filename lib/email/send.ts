// The job that sends one queued email (`email.send`), with no transaction open during the network
// call: (1) a transaction records the attempt (attempts, time, transport) and commits, (2) the
// transport is called, (3) the outcome is recorded. A failed call is recorded on the email and
// thrown, so the queue retries it with backoff; the last failed attempt marks the email `failed`.
// A worker that dies between (2) and (3) leaves the email `queued` and the job running: once its
// lease runs out the job runs again and sends again, with the same Message-ID, so the resend is
// recognizable (at least once, never silently lost).
import type { Db, Tx } from "../db/client";
import { Prisma, type Email } from "../generated/prisma/client";
import { directSql } from "../db/direct";
import type { JobContext, JobHandler } from "../jobs/queue";
import { decrypt } from "../secrets";
import { emailBodyContext, parseFrom, SEND_EMAIL_JOB, type SendEmailPayload } from "./queue";
import { configuredTransport, type MailMessage, type MailTransport } from "./transport";

export { SEND_EMAIL_JOB };

/** Transient SMTP failures (greylisting, a server restarting) pass within this many tries. */
export const SEND_EMAIL_MAX_ATTEMPTS = 12;

export class EmailDeliveryError extends Error {}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/** What the transport needs of an email. */
type SendableEmail = Pick<
  Email,
  | "id"
  | "organization_id"
  | "message_id"
  | "from"
  | "to"
  | "reply_to"
  | "subject"
  | "text_sealed"
  | "html_sealed"
>;

/** The message as the transport sends it: the bodies opened, the stored From split again. */
export function messageOf(email: SendableEmail): MailMessage {
  return {
    emailId: email.id,
    messageId: email.message_id,
    from: parseFrom(email.from),
    to: email.to,
    replyTo: email.reply_to,
    subject: email.subject,
    text: decrypt(email.text_sealed, emailBodyContext(email.id, "text")),
    html: decrypt(email.html_sealed, emailBodyContext(email.id, "html")),
    accountEmail: email.organization_id === null,
  };
}

/**
 * Step 1: the attempt, committed before the call, in one statement. Null when the email needs no
 * sending (any more), or when this worker lost the job's lease: it records nothing, and the worker
 * that took the job over sends (this one's finish then fails on the lease as well).
 */
async function recordAttempt(db: Db, emailId: string, transport: MailTransport, ctx: JobContext) {
  const now = ctx.now.toISOString();
  const [email] = await directSql<SendableEmail>(
    db,
    Prisma.sql`
    UPDATE emails SET attempts = attempts + 1, last_attempt_at = ${now}::timestamp,
                      transport = ${transport.kind}, modified_at = ${now}::timestamp
    WHERE id = ${emailId}::uuid AND status = 'queued' AND ${ctx.stillHeld}
    RETURNING id::text AS id, organization_id::text AS organization_id, message_id, "from", "to", reply_to, subject, text_sealed, html_sealed`,
  );
  return email ?? null;
}

export async function deliverEmail(
  db: Db,
  emailId: string,
  transport: MailTransport,
  ctx: JobContext,
): Promise<void> {
  const email = await recordAttempt(db, emailId, transport, ctx);
  if (!email) return;
  let failure: string | null = null;
  try {
    await transport.send(messageOf(email));
  } catch (error) {
    failure = describe(error);
  }
  // Step 3, whoever holds the job by now: the call was made, and its outcome is a fact.
  // Written out: one statement either way (with Prisma's updateMany, email.send cost 2.0 ms of CPU
  // in-process; with this, 1.4).
  const at = ctx.now.toISOString();
  await directSql(
    db,
    failure
      ? Prisma.sql`UPDATE emails SET last_error = ${failure}, modified_at = ${at}::timestamp
                    WHERE id = ${emailId}::uuid AND status = 'queued'`
      : Prisma.sql`UPDATE emails SET status = 'sent', sent_at = ${at}::timestamp, last_error = NULL,
                           modified_at = ${at}::timestamp
                    WHERE id = ${emailId}::uuid AND status = 'queued'`,
  );
  if (failure) throw new EmailDeliveryError(`Sending email ${emailId} failed: ${failure}`);
}

async function markEmailFailed(tx: Tx, emailId: string, reason: string, now: Date) {
  const email = await tx.email.findUnique({ where: { id: emailId }, select: { last_error: true } });
  await tx.email.updateMany({
    where: { id: emailId, status: "queued" },
    // The transport's own words when there are some; else why the job gave up.
    data: { status: "failed", last_error: email?.last_error ?? reason.slice(0, 1000), modified_at: now },
  });
}

/** The job, with the configured transport (SMTP_URL, else embedded) or one a test injects. */
export function sendEmailJob(
  transport: () => MailTransport = configuredTransport,
): JobHandler<SendEmailPayload> {
  return {
    ownsTransactions: true,
    maxAttempts: SEND_EMAIL_MAX_ATTEMPTS,
    // Covers the transport's own time limits (connect, greeting, socket).
    timeoutMs: 120_000,
    run: (db, payload, ctx) => deliverEmail(db, payload.email_id, transport(), ctx),
    onPermanentFailure: (tx, payload, reason, ctx) => markEmailFailed(tx, payload.email_id, reason, ctx.now),
  };
}
