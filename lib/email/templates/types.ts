// What every email template takes and gives. A template is one file exporting an EmailTemplate:
// its kind (stored on the email, shown on the dashboard) and a pure render function, so adding an
// email is that file and the one call that queues it (lib/email/queue.ts `queueEmail`).

/** The organization an email speaks for: its name, and where buyers write to (Reply-To). */
export type Brand = { name: string; supportEmail: string | null };

/**
 * The rendered email. `subject` is stored and printed in clear (the email list, the embedded
 * transport's notice), so it must never carry a secret; the bodies are stored sealed.
 */
export type EmailContent = { subject: string; text: string; html: string };

export type EmailTemplate<Data> = {
  kind: string;
  render(data: Data, brand: Brand): EmailContent;
};
