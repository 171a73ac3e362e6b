// A trial ends soon (docs/subscriptions.md "Trials"): the first charge, its amount and date, and
// how to cancel before it. Sent a few days ahead (lib/subscriptions/trial-reminder.ts).
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

export type SubscriptionTrialEndingData = Localized & {
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
    const tr = emailTranslator(data);
    const date = formatDate(data.trialEnd, tr);
    const subject = tr.t("email.trialEndingSubject", { product: data.productName, date });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.trialEndingIntro", { product: data.productName, brand: brand.name, date });
    const charge = tr.t("email.trialEndingCharge", {
      amount: tr.money(data.amount, data.currency),
      every: tr.t(data.recurringInterval === "year" ? "checkout.every_year" : "checkout.every_month"),
    });
    const cancel = tr.t("email.trialEndingCancel");
    const action = tr.t("email.manageSubscription");
    const text = textParts([
      greeting,
      intro,
      charge,
      cancel,
      data.portalUrl ? tr.t("common.labelValue", { label: action, value: data.portalUrl }) : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro, charge, cancel])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.trialEndingHeading"), text, html: body },
        tr,
      ),
    };
  },
};
