// Someone started a subscription checkout with an address that already has a live subscription
// with the organization. The checkout page says only "check your email" (it must not tell anyone
// that the address subscribes); this email, which only the address's owner reads, says why and
// where to manage the subscription (the customer portal).
import { html } from "./html";
import { layout } from "./layout";
import { emailTranslator, greetingFor, htmlLink, htmlParagraphs, textParts, type Localized } from "./blocks";
import type { EmailTemplate } from "./types";

export type ExistingSubscriptionData = Localized & {
  customerName: string | null;
  /** The product the checkout was for. */
  productName: string;
  /** The customer portal's sign-in page. */
  portalUrl: string;
};

export const existingSubscription: EmailTemplate<ExistingSubscriptionData> = {
  kind: "existing_subscription",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.existingSubject", { brand: brand.name });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.existingIntro", { product: data.productName, brand: brand.name });
    const manage = tr.t("email.existingManage");
    const ignore = tr.t("email.existingIgnore");
    const action = tr.t("email.openPortal");

    const text = textParts([
      greeting,
      intro,
      manage,
      tr.t("common.labelValue", { label: action, value: data.portalUrl }),
      ignore,
    ]);
    const body = html`${htmlParagraphs([greeting, intro, manage])} ${htmlLink(action, data.portalUrl)}
    ${htmlParagraphs([ignore])}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.existingHeading"), text, html: body },
        tr,
      ),
    };
  },
};
