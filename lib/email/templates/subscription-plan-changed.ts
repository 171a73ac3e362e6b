// A subscription moved to another product (docs/subscriptions.md "Plan changes"): from what, to
// what, and what each period costs from now on. A charge for the rest of the period comes with its
// own receipt.
import { html } from "./html";
import { layout } from "./layout";
import { greetingFor, htmlLink, htmlParagraphs, textParts } from "./blocks";
import type { EmailTemplate } from "./types";
import { formatMoney } from "../../money";

export type SubscriptionPlanChangedData = {
  customerName: string | null;
  previousProductName: string;
  productName: string;
  /** Each period's price before tax and discount. */
  amount: number;
  currency: string;
  recurringInterval: string;
  portalUrl: string | null;
};

export const subscriptionPlanChanged: EmailTemplate<SubscriptionPlanChangedData> = {
  kind: "subscription_plan_changed",
  render(data, brand) {
    const subject = `Your subscription is now ${data.productName}`;
    const greeting = greetingFor(data.customerName);
    const intro = `Your subscription from ${brand.name} moved from ${data.previousProductName} to ${data.productName}.`;
    const price = `It now costs ${formatMoney(data.amount, data.currency)} every ${data.recurringInterval}, before tax.`;
    const action = "Manage your subscription";
    const text = textParts([greeting, intro, price, data.portalUrl ? `${action}: ${data.portalUrl}` : null]);
    const body = html`${htmlParagraphs([greeting, intro, price])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(brand, { subject, preview: intro, heading: "Plan changed", text, html: body }),
    };
  },
};
