// A subscription moved to another product (docs/subscriptions.md "Plan changes"): from what, to
// what, and what each period costs from now on. A charge for the rest of the period comes with its
// own receipt.
import { html } from "./html";
import { layout } from "./layout";
import { emailTranslator, greetingFor, htmlLink, htmlParagraphs, textParts, type Localized } from "./blocks";
import type { EmailTemplate } from "./types";

export type SubscriptionPlanChangedData = Localized & {
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
    const tr = emailTranslator(data);
    const subject = tr.t("email.planChangedSubject", { product: data.productName });
    const greeting = greetingFor(data.customerName, tr);
    const intro = tr.t("email.planChangedIntro", {
      brand: brand.name,
      previous: data.previousProductName,
      product: data.productName,
    });
    const price = tr.t("email.planChangedPrice", {
      amount: tr.money(data.amount, data.currency),
      every: tr.t(data.recurringInterval === "year" ? "checkout.every_year" : "checkout.every_month"),
    });
    const action = tr.t("email.manageSubscription");
    const text = textParts([
      greeting,
      intro,
      price,
      data.portalUrl ? tr.t("common.labelValue", { label: action, value: data.portalUrl }) : null,
    ]);
    const body = html`${htmlParagraphs([greeting, intro, price])}
    ${data.portalUrl ? htmlLink(action, data.portalUrl) : null}`;
    return {
      subject,
      ...layout(
        brand,
        { subject, preview: intro, heading: tr.t("email.planChangedHeading"), text, html: body },
        tr,
      ),
    };
  },
};
