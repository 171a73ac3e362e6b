// A cancellation was scheduled (by the buyer in the portal or by the merchant): the subscription
// keeps working until the end of the paid period, and can be kept until then.
import { html } from "./html";
import { layout } from "./layout";
import { formatDate, greetingFor, htmlLink, htmlParagraphs, textParts } from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionCanceledData = {
  customerName: string | null;
  productName: string;
  /** The end of the paid period, when the subscription ends. */
  endsAt: Date;
  portalUrl: string | null;
};

export const subscriptionCanceled: EmailTemplate<SubscriptionCanceledData> = {
  kind: "subscription_canceled",
  render(data, brand) {
    const subject = `Your ${data.productName} subscription is canceled`;
    const greeting = greetingFor(data.customerName);
    const until = formatDate(data.endsAt);
    const intro = `Your subscription to ${data.productName} from ${brand.name} is canceled. It will not renew.`;
    const keep = `You keep access, license keys included, until ${until}. Changed your mind? You can keep your subscription until then.`;
    const action = "Manage your subscription";

    const text = textParts([greeting, intro, keep, data.portalUrl ? `${action}: ${data.portalUrl}` : null]);
    const body = html`${htmlParagraphs([greeting, intro, keep])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "Subscription canceled", text, html: body }),
    };
  },
};
