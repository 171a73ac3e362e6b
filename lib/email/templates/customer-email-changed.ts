// The notice a buyer's OLD address gets once their email was changed in the customer portal: the
// new address half hidden (whoever reads the old mailbox may not be the buyer any more), and what
// to do if the buyer did not make the change (reply: the organization's support address is the
// Reply-To). No link and no secret in it.
import { html } from "./html";
import { layout } from "./layout";
import type { EmailTemplate } from "./types";
import { emailTranslator, greetingFor, type Localized } from "./blocks";

export type CustomerEmailChangedData = Localized & {
  customerName: string | null;
  /** The new address, masked (`j***@example.com`, lib/email/transport.ts `maskAddress`). */
  maskedNewEmail: string;
  changedAt: Date;
};

export const customerEmailChanged: EmailTemplate<CustomerEmailChangedData> = {
  kind: "customer_email_changed",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.emailChangedSubject", { brand: brand.name });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.emailChangedIntro", {
      brand: brand.name,
      email: data.maskedNewEmail,
      date: `${tr.date(data.changedAt, { time: true })} UTC`,
    });
    const warning = brand.supportEmail
      ? tr.t("email.emailChangedWarnWrite", { email: brand.supportEmail })
      : tr.t("email.emailChangedWarnContact", { brand: brand.name });

    const text = [greeting, intro, warning].join("\n\n");
    const body = html`<p style="margin:0 0 12px;">${greeting}</p>
      <p style="margin:0 0 16px;">${intro}</p>
      <p style="margin:0;font-weight:600;">${warning}</p>`;

    return {
      subject,
      ...layout(
        brand,
        {
          subject,
          preview: tr.t("email.emailChangedPreview"),
          heading: tr.t("email.emailChangedHeading"),
          text,
          html: body,
        },
        tr,
      ),
    };
  },
};
