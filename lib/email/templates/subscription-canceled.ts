// A cancellation was scheduled (by the buyer in the portal or by the merchant): the subscription
// keeps working until the end of the paid period, and can be kept until then.
import { html } from "./html";
import { layout } from "./layout";
import {
  emailTranslator,
  formatDate,
  greetingFor,
  htmlLink,
  htmlParagraphs,
  textParts,
  type Localized,
} from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionCanceledData = Localized & {
  customerName: string | null;
  productName: string;
  /** The end of the paid period, when the subscription ends. */
  endsAt: Date;
  portalUrl: string | null;
};

export const subscriptionCanceled: EmailTemplate<SubscriptionCanceledData> = {
  kind: "subscription_canceled",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.canceledSubject", { product: data.productName });
    const greeting = greetingFor(data.customerName, tr);
    const until = formatDate(data.endsAt, tr);
    const intro = tr.t("email.canceledIntro", { product: data.productName, brand: brand.name });
    const keep = tr.t("email.canceledKeep", { date: until });
    const action = tr.t("email.manageSubscription");

    const text = textParts([
      greeting,
      intro,
      keep,
      data.portalUrl ? tr.t("common.labelValue", { label: action, value: data.portalUrl }) : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro, keep])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.canceledHeading"), text, html: body },
        tr,
      ),
    };
  },
};
