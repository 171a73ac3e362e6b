// Someone started a subscription checkout with an address that already has a live subscription
// with the organization. The checkout page says only "check your email" (it must not tell anyone
// that the address subscribes); this email, which only the address's owner reads, says why and
// where to manage the subscription (the customer portal).
import { html } from "./html";
import { layout } from "./layout";
import { greetingFor, htmlLink, htmlParagraphs, textParts } from "./blocks";
import type { EmailTemplate } from "./types";

export type ExistingSubscriptionData = {
  customerName: string | null;
  /** The product the checkout was for. */
  productName: string;
  /** The customer portal's sign-in page. */
  portalUrl: string;
};

export const existingSubscription: EmailTemplate<ExistingSubscriptionData> = {
  kind: "existing_subscription",
  render(data, brand) {
    const subject = `About your ${brand.name} subscription`;
    const greeting = greetingFor(data.customerName);
    const intro = `Someone, probably you, started a checkout for ${data.productName} from ${brand.name} with this email address. This address already has an active subscription with ${brand.name}, so no new one was started and nothing was charged.`;
    const manage =
      "To see your subscription, change your plan or card, or cancel it, sign in to the customer portal with this address: we send you a one-time code.";
    const ignore = "If it was not you, you can ignore this email.";
    const action = "Open the customer portal";

    const text = textParts([greeting, intro, manage, `${action}: ${data.portalUrl}`, ignore]);
    const body = html`${htmlParagraphs([greeting, intro, manage])} ${htmlLink(action, data.portalUrl)}
    ${htmlParagraphs([ignore])}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "You already subscribe", text, html: body }),
    };
  },
};
