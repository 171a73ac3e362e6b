// The subscription is over: its canceled period ran out, the merchant revoked it, or the last
// payment retry failed. Its benefits are revoked with it, so license keys stop working.
import { html } from "./html";
import { layout } from "./layout";
import { formatDate, greetingFor, htmlLink, htmlParagraphs, textParts } from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionEndedData = {
  customerName: string | null;
  productName: string;
  endedAt: Date;
  /** canceled: at the end of a canceled period; revoked: ended at once; unpaid: payments failed. */
  cause: "canceled" | "revoked" | "unpaid";
  portalUrl: string | null;
};

const WHY: Record<SubscriptionEndedData["cause"], string> = {
  canceled: "It was canceled and its last paid period is over.",
  revoked: "It was ended by the seller.",
  unpaid: "Its renewal could not be paid after several attempts.",
};

export const subscriptionEnded: EmailTemplate<SubscriptionEndedData> = {
  kind: "subscription_ended",
  render(data, brand) {
    const subject = `Your ${data.productName} subscription has ended`;
    const greeting = greetingFor(data.customerName);
    const intro = `Your subscription to ${data.productName} from ${brand.name} ended on ${formatDate(data.endedAt)}. ${WHY[data.cause]}`;
    const keys = "Its license keys no longer work, and you will not be charged again.";
    const action = "Your purchases";

    const text = textParts([greeting, intro, keys, data.portalUrl ? `${action}: ${data.portalUrl}` : null]);
    const body = html`${htmlParagraphs([greeting, intro, keys])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "Subscription ended", text, html: body }),
    };
  },
};
