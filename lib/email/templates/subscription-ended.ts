// The subscription is over: its canceled period ran out, the merchant revoked it, or the last
// payment retry failed. Its benefits are revoked with it, so license keys stop working.
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

export type SubscriptionEndedData = Localized & {
  customerName: string | null;
  productName: string;
  endedAt: Date;
  /** canceled: at the end of a canceled period; revoked: ended at once; unpaid: payments failed. */
  cause: "canceled" | "revoked" | "unpaid";
  portalUrl: string | null;
};

export const subscriptionEnded: EmailTemplate<SubscriptionEndedData> = {
  kind: "subscription_ended",
  render(data, brand) {
    const tr = emailTranslator(data);
    const subject = tr.t("email.endedSubject", { product: data.productName });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.endedIntro", {
      product: data.productName,
      brand: brand.name,
      date: formatDate(data.endedAt, tr),
      why: tr.t(`email.endedWhy_${data.cause}`),
    });
    const keys = tr.t("email.endedKeys");
    const action = tr.t("email.yourPurchases");

    const text = textParts([
      greeting,
      intro,
      keys,
      data.portalUrl ? tr.t("common.labelValue", { label: action, value: data.portalUrl }) : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro, keys])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.endedHeading"), text, html: body },
        tr,
      ),
    };
  },
};
