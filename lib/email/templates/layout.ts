// The frame every email shares: the organization's name at the top, a heading, the template's
// body, and a footer with the organization's name and support address. Plain text and HTML say the
// same things; the HTML is table-based with inline styles, which is what mail clients render.
import { html, type SafeHtml } from "./html";
import type { Brand } from "./types";
import { DEFAULT_LOCALE } from "../../i18n/locales";
import { translator, type Translator } from "../../i18n/translate";

export type LayoutInput = {
  /** The subject, also the HTML document's title. */
  subject: string;
  /** The line mail clients show next to the subject in the inbox (hidden in the body). */
  preview: string;
  heading: string;
  text: string;
  html: SafeHtml;
};

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function textFooter(brand: Brand, tr: Translator = translator(DEFAULT_LOCALE)): string {
  const support = brand.supportEmail ? `\n${tr.t("email.questions", { email: brand.supportEmail })}` : "";
  // "-- " (with its space) is the standard signature separator: mail clients fold what follows.
  return `-- \n${brand.name}${support}\n`;
}

/** The frame in the email's language (`tr`: docs/i18n.md), English by default. */
export function layout(
  brand: Brand,
  input: LayoutInput,
  tr: Translator = translator(DEFAULT_LOCALE),
): { text: string; html: string } {
  const text = `${input.heading}\n\n${input.text.trimEnd()}\n\n${textFooter(brand, tr)}`;
  // The sentence around the address, split at its placeholder so the address can be a link.
  const [before = "", after = ""] = tr.t("email.questions", { email: "\u0000" }).split("\u0000");
  const support = brand.supportEmail
    ? html`<br />${before}<a href="mailto:${brand.supportEmail}" style="color:#4f46e5;"
          >${brand.supportEmail}</a
        >${after}`
    : null;
  const page = html`<!doctype html>
    <html lang="${tr.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${input.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f4f5;">
        <div style="display:none;max-height:0;overflow:hidden;">${input.preview}</div>
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:#f4f4f5;padding:24px 8px;"
        >
          <tr>
            <td align="center">
              <table
                role="presentation"
                width="560"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;font-family:${FONT};color:#18181b;"
              >
                <tr>
                  <td style="padding:24px 32px 0;font-size:14px;font-weight:600;color:#52525b;">
                    ${brand.name}
                  </td>
                </tr>
                <tr>
                  <td style="padding:8px 32px 0;">
                    <h1 style="margin:0;font-size:22px;line-height:1.3;">${input.heading}</h1>
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 32px 24px;font-size:15px;line-height:1.5;">${input.html}</td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 32px 24px;border-top:1px solid #e4e4e7;font-size:13px;line-height:1.5;color:#71717a;"
                  >
                    ${brand.name}${support}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;
  return { text, html: page.value };
}
