// A trial ends soon (docs/subscriptions.md "Trials"): the first charge, its amount and date, and
// how to cancel before it. Sent a few days ahead (lib/subscriptions/trial-reminder.ts).
import { html } from "./html";
import { layout } from "./layout";
import { formatDate, greetingFor, htmlLink, htmlParagraphs, textParts } from "./blocks";
import type { EmailTemplate } from "./types";
import { formatMoney } from "../../money";

export type SubscriptionTrialEndingData = {
  customerName: string | null;
  productName: string;
  trialEnd: Date;
  /** The first charge, tax included, and each period's name ("month"). */
  amount: number;
  currency: string;
  recurringInterval: string;
  portalUrl: string | null;
};

export const subscriptionTrialEnding: EmailTemplate<SubscriptionTrialEndingData> = {
  kind: "subscription_trial_ending",
  render(data, brand) {
    const subject = `Your ${data.productName} trial ends on ${formatDate(data.trialEnd)}`;
    const greeting = greetingFor(data.customerName);
    const intro = `Your free trial of ${data.productName} from ${brand.name} ends on ${formatDate(data.trialEnd)}.`;
    const charge = `Your card will then be charged ${formatMoney(data.amount, data.currency)}, and again every ${data.recurringInterval} until you cancel.`;
    const cancel = "To stop before the first charge, cancel before the trial ends: nothing is charged.";
    const action = "Manage your subscription";
    const text = textParts([
      greeting,
      intro,
      charge,
      cancel,
      data.portalUrl ? `${action}: ${data.portalUrl}` : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro, charge, cancel])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "Your trial ends soon", text, html: body }),
    };
  },
};
