// How an email leaves: a MailTransport sends one message and answers with its Message-ID, or
// throws (the send job then retries). Two transports: SMTP through nodemailer when SMTP_URL is
// set, and the embedded default, which sends nothing: the email is already stored, so it prints
// a one-line notice pointing at the dashboard's Emails page. Tests inject their own.
import type { Transporter } from "nodemailer";
import { emailTransportSetting } from "../config";
import { singleLine } from "./templates/html";

export type MailMessage = {
  /** The email's row id (for notices and logs, never sent). */
  emailId: string;
  /** Fixed when the email is queued: a resend after a crash carries the same one. */
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** The merchant's own account email (a password reset): on no organization's Emails page. */
  accountEmail?: boolean;
};

export type TransportKind = "smtp" | "embedded";

export interface MailTransport {
  readonly kind: TransportKind;
  send(message: MailMessage): Promise<{ messageId: string }>;
}

// Bounded, so that a server that accepts the connection and then says nothing fails the attempt
// (and it is retried) well within the send job's time limit.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 30_000 };

/** SMTP through nodemailer: `smtp://user:password@host:587` (STARTTLS) or `smtps://…:465` (TLS). */
export function smtpTransport(url: string): MailTransport {
  // nodemailer loads on the first email, not with the job worker.
  let mailer: Promise<Transporter> | null = null;
  const load = () =>
    (mailer ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }),
    ));
  return {
    kind: "smtp",
    async send(message) {
      const info = await (
        await load()
      ).sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return { messageId: info.messageId ?? message.messageId };
    },
  };
}

/** b***@example.com: enough to recognize a buyer in a log, not to harvest addresses from it. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

/** The embedded transport's line: never the body (it holds license keys and codes). */
export function embeddedNotice(
  message: Pick<MailMessage, "emailId" | "to" | "subject" | "accountEmail">,
): string {
  const where = message.accountEmail
    ? "embedded transport: not sent, and shown nowhere; without SMTP_URL set the password with `npm run user:password`"
    : "embedded transport; see the dashboard Emails page";
  return `Email ${message.emailId} to ${maskAddress(message.to)}: ${singleLine(message.subject)} (${where})`;
}

/** No mail server: the email stays in the database, shown on the dashboard's Emails page. */
export function embeddedTransport(log = (line: string) => console.log(line)): MailTransport {
  return {
    kind: "embedded",
    async send(message) {
      log(embeddedNotice(message));
      return { messageId: message.messageId };
    },
  };
}

let configured: { key: string; transport: MailTransport } | null = null;

/** The transport the settings name (SMTP_URL, else embedded), made once per setting. */
export function configuredTransport(): MailTransport {
  const setting = emailTransportSetting();
  const key = setting.kind === "smtp" ? `smtp:${setting.url}` : "embedded";
  if (configured?.key !== key) {
    configured = {
      key,
      transport: setting.kind === "smtp" ? smtpTransport(setting.url) : embeddedTransport(),
    };
  }
  return configured.transport;
}
