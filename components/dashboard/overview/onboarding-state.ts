// The onboarding checklist of a new organization (docs/dashboard.md "Navigation, search and
// onboarding"): each step is ticked from the organization's own data, and the list goes away once
// every step is done or the merchant dismisses it (remembered per organization in this browser).

export type OnboardingStepKey = "product" | "checkout_link" | "payments" | "webhook";

/**
 * How many of each the organization has, and its payment processor (null: none, the test one);
 * undefined while it is loading.
 */
export type OnboardingCounts = Record<"products" | "checkoutLinks" | "webhooks", number | undefined> & {
  paymentProcessor: string | null | undefined;
};

export type OnboardingStep = {
  key: OnboardingStepKey;
  title: string;
  description: string;
  /** The dashboard path (within the organization) where the step is done. */
  path: string;
  done: boolean;
};

const STEPS: Omit<OnboardingStep, "done">[] = [
  {
    key: "product",
    title: "Create a product",
    description: "What you sell: a name, a price, and the benefits a buyer gets.",
    path: "/products/new",
  },
  {
    key: "checkout_link",
    title: "Create a checkout link",
    description: "A lasting link to the hosted checkout of your products, to share or put on your site.",
    path: "/checkout-links/new",
  },
  {
    key: "payments",
    title: "Set up payments",
    description:
      "Connect your Stripe account to take real payments. Until then checkouts run in test mode (card 4242 4242 4242 4242).",
    path: "/settings#payments",
  },
  {
    key: "webhook",
    title: "Add a webhook endpoint",
    description: "Your application hears about orders, subscriptions and license keys as they happen.",
    path: "/webhooks/new",
  },
];

const DONE_WHEN: Record<OnboardingStepKey, (counts: OnboardingCounts) => boolean> = {
  product: (c) => (c.products ?? 0) > 0,
  checkout_link: (c) => (c.checkoutLinks ?? 0) > 0,
  // Real payments: a Stripe processor is set up (Settings → Payments).
  payments: (c) => c.paymentProcessor === "stripe",
  webhook: (c) => (c.webhooks ?? 0) > 0,
};

export type OnboardingState = {
  steps: OnboardingStep[];
  done: number;
  /** Shown: every count known, some step left, not dismissed. */
  visible: boolean;
};

export function onboardingState(counts: OnboardingCounts, dismissed: boolean): OnboardingState {
  const steps = STEPS.map((step) => ({ ...step, done: DONE_WHEN[step.key](counts) }));
  const done = steps.filter((step) => step.done).length;
  const loaded = Object.values(counts).every((count) => count !== undefined);
  return { steps, done, visible: loaded && !dismissed && done < steps.length };
}

/** The localStorage key that remembers a dismissed checklist, one per organization. */
export function dismissalKey(organizationId: string): string {
  return `dashboard:onboarding-dismissed:${organizationId}`;
}
