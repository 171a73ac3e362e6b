// The Payments card's rules (./payments-card.tsx; docs/checkout.md, "Stripe on the checkout page and
// in Settings"): the three values pasted from Stripe, the PUT body made from them (checked first, in
// words: which key goes where, test and live not mixed), the webhook events Stripe must send, and
// how a saved secret key is shown (its last four characters only).
import type { PaymentProcessorSettings, SavePaymentProcessor } from "../hooks/organizations";
import type { Built } from "../forms/values";

export const PAYMENT_FIELDS = ["secret_key", "publishable_key", "webhook_secret"] as const;

export type StripeKeysForm = Record<(typeof PAYMENT_FIELDS)[number], string>;

export const EMPTY_STRIPE_KEYS: StripeKeysForm = { secret_key: "", publishable_key: "", webhook_secret: "" };

/** The events the organization's Stripe webhook endpoint must send: the ones the server acts on. */
export { STRIPE_WEBHOOK_EVENTS } from "@/lib/stripe/event-types";

/** A key's mode from its prefix (`sk_test_…`, `pk_live_…`), or null when it is not such a key. */
function modeOf(key: string, kinds: readonly string[]): "test" | "live" | null {
  const match = /^([a-z]+)_(test|live)_[A-Za-z0-9]+$/.exec(key);
  return match && kinds.includes(match[1]!) ? (match[2] as "test" | "live") : null;
}

// Bounds of what a pasted value may be (Stripe's keys are about 100 characters).
const MAX_KEY_LENGTH = 255;

/** The PUT body, or the problems found before sending (the server checks the keys with Stripe). */
export function stripeKeysBody(form: StripeKeysForm): Built<SavePaymentProcessor> {
  const secret = form.secret_key.trim();
  const publishable = form.publishable_key.trim();
  const webhook = form.webhook_secret.trim();
  const errors: Record<string, string> = {};
  const secretMode = modeOf(secret, ["sk", "rk"]);
  const publishableMode = modeOf(publishable, ["pk"]);

  if (!secret) errors.secret_key = "Paste your Stripe secret key.";
  else if (secret.length > MAX_KEY_LENGTH || !secretMode)
    errors.secret_key = "A secret key starts with sk_test_ or sk_live_ (or rk_ for a restricted key).";
  if (!publishable) errors.publishable_key = "Paste your Stripe publishable key.";
  else if (publishable.length > MAX_KEY_LENGTH || !publishableMode)
    errors.publishable_key = "A publishable key starts with pk_test_ or pk_live_.";
  else if (secretMode && publishableMode !== secretMode)
    errors.publishable_key = `This is a ${publishableMode} key, and the secret key is a ${secretMode} key: use the same mode for both.`;
  if (!webhook) errors.webhook_secret = "Paste the signing secret of your Stripe webhook endpoint.";
  else if (webhook.length > MAX_KEY_LENGTH || !/^whsec_[A-Za-z0-9+/=_-]+$/.test(webhook))
    errors.webhook_secret = "A webhook signing secret starts with whsec_.";

  return {
    body: { processor: "stripe", secret_key: secret, publishable_key: publishable, webhook_secret: webhook },
    errors,
  };
}

/** How a saved secret key is shown: never the key, only its last four characters. */
export function maskedSecretKey(settings: Pick<PaymentProcessorSettings, "secret_key_last4">) {
  return settings.secret_key_last4 ? `sk_…${settings.secret_key_last4}` : null;
}

/** The URL of the organization's Stripe webhook endpoint: the server's, else this site's. */
export function stripeWebhookUrl(settings: PaymentProcessorSettings, organizationId: string, origin: string) {
  return settings.webhook_url || `${origin}/v1/integrations/stripe/webhook/${organizationId}`;
}
