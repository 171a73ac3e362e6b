// The notice a buyer's OLD address gets once their email was changed in the customer portal: the
// new address half hidden (whoever reads the old mailbox may not be the buyer any more), and what
// to do if the buyer did not make the change (reply: the organization's support address is the
// Reply-To). No link and no secret in it.
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type CustomerEmailChangedData = {
  customerName: string | null;
  /** The new address, masked (`j***@example.com`, lib/email/transport.ts `maskAddress`). */
  maskedNewEmail: string;
  changedAt: Date;
};

const when = (at: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at) +
  " UTC";

export const customerEmailChanged: EmailTemplate<CustomerEmailChangedData> = {
  kind: "customer_email_changed",
  render(data, brand) {
    const subject = `Your email address for ${brand.name} was changed`;
    const greeting = data.customerName ? `Hi ${data.customerName},` : "Hi,";
    const intro = `The email address of your account with ${brand.name} was changed to ${data.maskedNewEmail} on ${when(data.changedAt)}. Receipts, sign-in codes and other emails now go there.`;
    const warning = brand.supportEmail
      ? `If you did not make this change, write to ${brand.supportEmail} at once.`
      : `If you did not make this change, contact ${brand.name} at once.`;

    const text = [greeting, intro, warning].join("\n\n");
    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${intro}</p>
      <p style="margin:0;font-weight:600;">${warning}</p>`;

    return {
      subject,
      ...layout(brand, {
        subject,
        preview: "Your account now uses another address.",
        heading: "Email changed",
        text,
        html: body,
      }),
    };
  },
};
