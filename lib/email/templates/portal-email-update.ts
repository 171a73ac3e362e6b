// The link that confirms a buyer's new email address (asked for in the customer portal), sent to
// the NEW address: following it proves the buyer reads that mailbox. The link carries the token in
// its fragment (never sent to a server, so never in a log or a Referer); it is in the bodies only
// (stored sealed), never in the subject, which is kept and shown in clear.
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";
import { emailTranslator, greetingFor, type Localized } from "./blocks";

export type PortalEmailUpdateData = Localized & {
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
    const tr = emailTranslator(data);
    const subject = tr.t("email.emailUpdateSubject", { brand: brand.name });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.emailUpdateIntro", { email: data.newEmail, brand: brand.name });
    const validity = tr.t("email.emailUpdateValidity", { minutes: data.validForMinutes });
    const ignore = tr.t("email.emailUpdateIgnore");

    const text = [greeting, intro, data.confirmUrl, validity, ignore].join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${intro}</p>
      <p style="margin:0 0 16px;">
        <a
          href="${data.confirmUrl}"
          style="display:inline-block;padding:10px 16px;background:#18181b;color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;"
          >${tr.t("email.emailUpdateButton")}</a
        >
      </p>
      <p style="margin:0 0 16px;">${validity}</p>
      <p style="margin:0;font-size:13px;color:#71717a;">${ignore}</p>`;

    return {
      subject,
      ...layout(
        brand,
        {
          subject,
          preview: tr.t("email.emailUpdatePreview", { minutes: data.validForMinutes }),
          heading: tr.t("email.emailUpdateHeading"),
          text,
          html: body,
        },
        tr,
      ),
    };
  },
};
