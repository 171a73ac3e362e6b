// The link that confirms a buyer's new email address (asked for in the customer portal), sent to
// the NEW address: following it proves the buyer reads that mailbox. The link carries the token in
// its fragment (never sent to a server, so never in a log or a Referer); it is in the bodies only
// (stored sealed), never in the subject, which is kept and shown in clear.
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type PortalEmailUpdateData = {
  customerName: string | null;
  /** The address being confirmed (this email's recipient). */
  newEmail: string;
  /** The portal page with the token in its fragment. */
  confirmUrl: string;
  /** How long the link works, in minutes. */
  validForMinutes: number;
};

export const portalEmailUpdate: EmailTemplate<PortalEmailUpdateData> = {
  kind: "portal_email_update",
  render(data, brand) {
    const subject = `Confirm your new email address for ${brand.name}`;
    const greeting = data.customerName ? `Hi ${data.customerName},` : "Hi,";
    const intro = `You asked to use ${data.newEmail} for your purchases from ${brand.name}. Confirm it with this link:`;
    const validity = `The link works once, for ${data.validForMinutes} minutes. Until then your account keeps its current address.`;
    const ignore = "If you did not ask for this, ignore this email: nothing changes without the link.";

    const text = [greeting, intro, data.confirmUrl, validity, ignore].join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${intro}</p>
      <p style="margin:0 0 16px;">
        <a
          href="${data.confirmUrl}"
          style="display:inline-block;padding:10px 16px;background:#18181b;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;"
          >Confirm my new email</a
        >
      </p>
      <p style="margin:0 0 16px;">${validity}</p>
      <p style="margin:0;font-size:13px;color:#71717a;">${ignore}</p>`;

    return {
      subject,
      ...layout(brand, {
        subject,
        preview: `The link works for ${data.validForMinutes} minutes.`,
        heading: "Confirm your new email",
        text,
        html: body,
      }),
    };
  },
};
