// The customer portal's sign-in code: six digits the buyer types on the portal's sign-in page. The
// code is in the bodies only (stored sealed), never in the subject, which is kept and shown in clear.
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";
import { emailTranslator, greetingFor, type Localized } from "./blocks";

export type PortalSignInCodeData = Localized & {
  customerName: string | null;
  code: string;
  /** How long the code works, in minutes. */
  validForMinutes: number;
  /** The portal's sign-in page, where the code goes. */
  portalUrl: string;
};

export const portalSignInCode: EmailTemplate<PortalSignInCodeData> = {
  kind: "portal_sign_in_code",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.signInSubject", { brand: brand.name });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.signInIntro", { brand: brand.name });
    const validity = tr.t("email.signInValidity", { minutes: data.validForMinutes });
    const ignore = tr.t("email.signInIgnore");

    const text = [
      greeting,
      intro,
      `    ${data.code}`,
      validity,
      tr.t("email.signInAt", { url: data.portalUrl }),
      ignore,
    ].join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${intro}</p>
      <p style="margin:0 0 16px;">
        <code
          style="display:inline-block;padding:8px 12px;background:#f4f4f5;border-radius:4px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:24px;letter-spacing:4px;"
          >${data.code}</code
        >
      </p>
      <p style="margin:0 0 16px;">${validity}</p>
      <p style="margin:0 0 16px;">
        <a href="${data.portalUrl}" style="color:#4f46e5;font-weight:600;">${tr.t("email.signInLink")}</a>
      </p>
      <p style="margin:0;font-size:13px;color:#71717a;">${ignore}</p>`;

    return {
      subject,
      ...layout(
        brand,
        {
          subject,
          preview: tr.t("email.signInPreview", { minutes: data.validForMinutes }),
          heading: tr.t("email.signInHeading"),
          text,
          html: body,
        },
        tr,
      ),
    };
  },
};
