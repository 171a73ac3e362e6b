// A merchant's password reset link (lib/auth/password-reset.ts). The link carries the token, so it
// is in the bodies only (stored sealed), never in the subject, which is kept and shown in clear.
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";

export type PasswordResetData = {
  userName: string | null;
  /** The dashboard's reset page, the token in the URL's fragment (never sent to a server). */
  resetUrl: string;
  /** How long the link works, in minutes. */
  validForMinutes: number;
};

export const passwordReset: EmailTemplate<PasswordResetData> = {
  kind: "password_reset",
  render(data, brand) {
    const subject = `Reset your ${brand.name} password`;
    const greeting = data.userName ? `Hi ${data.userName},` : "Hi,";
    const intro = "Someone (we hope you) asked to reset the password of your dashboard account.";
    const action = "Choose a new password here:";
    const validity = `The link works once, for ${data.validForMinutes} minutes. Setting a new password signs your account out everywhere.`;
    const ignore = "If you did not ask for it, ignore this email: your password stays as it is.";

    const text = [greeting, intro, action, `    ${data.resetUrl}`, validity, ignore].join("\n\n");

    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${intro}</p>
      <p style="margin:0 0 16px;">
        <a href="${data.resetUrl}" style="color:#4f46e5;font-weight:600;">Choose a new password</a>
      </p>
      <p style="margin:0 0 16px;">${validity}</p>
      <p style="margin:0;font-size:13px;color:#71717a;">${ignore}</p>`;

    return {
      subject,
      ...layout(brand, {
        subject,
        preview: `The link works for ${data.validForMinutes} minutes.`,
        heading: "Reset your password",
        text,
        html: body,
      }),
    };
  },
};
