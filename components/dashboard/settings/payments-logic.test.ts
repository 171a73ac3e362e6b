import { describe, expect, it } from "vitest";
import { NO_PAYMENT_PROCESSOR } from "../hooks/organizations";
import {
  EMPTY_STRIPE_KEYS,
  maskedSecretKey,
  STRIPE_WEBHOOK_EVENTS,
  stripeKeysBody,
  stripeWebhookUrl,
} from "./payments-logic";

const good = {
  secret_key: " sk_test_51AbcDEF123 ",
  publishable_key: "pk_test_51AbcXYZ789",
  webhook_secret: "whsec_abc123",
};

describe("stripeKeysBody", () => {
  it("sends the three values trimmed, for the stripe processor", () => {
    expect(stripeKeysBody(good)).toEqual({
      body: {
        processor: "stripe",
        secret_key: "sk_test_51AbcDEF123",
        publishable_key: "pk_test_51AbcXYZ789",
        webhook_secret: "whsec_abc123",
      },
      errors: {},
    });
    expect(stripeKeysBody({ ...good, secret_key: "rk_live_1", publishable_key: "pk_live_2" }).errors).toEqual(
      {},
    );
  });

  it("asks for each missing value", () => {
    expect(stripeKeysBody(EMPTY_STRIPE_KEYS).errors).toEqual({
      secret_key: "Paste your Stripe secret key.",
      publishable_key: "Paste your Stripe publishable key.",
      webhook_secret: "Paste the signing secret of your Stripe webhook endpoint.",
    });
  });

  it("says which key goes where, and refuses test and live mixed", () => {
    // The two keys swapped: each is at the wrong field.
    expect(
      stripeKeysBody({ ...good, secret_key: good.publishable_key, publishable_key: "sk_test_1" }).errors,
    ).toEqual({
      secret_key: "A secret key starts with sk_test_ or sk_live_ (or rk_ for a restricted key).",
      publishable_key: "A publishable key starts with pk_test_ or pk_live_.",
    });
    expect(stripeKeysBody({ ...good, publishable_key: "pk_live_51Abc" }).errors).toEqual({
      publishable_key: "This is a live key, and the secret key is a test key: use the same mode for both.",
    });
    expect(stripeKeysBody({ ...good, webhook_secret: "sk_test_1" }).errors).toEqual({
      webhook_secret: "A webhook signing secret starts with whsec_.",
    });
    expect(stripeKeysBody({ ...good, secret_key: `sk_test_${"a".repeat(300)}` }).errors.secret_key).toMatch(
      /^A secret key starts/,
    );
  });
});

describe("what the card shows", () => {
  it("shows a saved secret key by its last four characters only", () => {
    expect(maskedSecretKey({ secret_key_last4: "4242" })).toBe("sk_…4242");
    expect(maskedSecretKey({ secret_key_last4: null })).toBeNull();
  });

  it("takes the server's webhook URL, else this site's route for the organization", () => {
    const saved = {
      ...NO_PAYMENT_PROCESSOR,
      webhook_url: "https://pay.example/v1/integrations/stripe/webhook/o1",
    };
    expect(stripeWebhookUrl(saved, "o1", "http://localhost:3000")).toBe(saved.webhook_url);
    expect(stripeWebhookUrl(NO_PAYMENT_PROCESSOR, "o1", "https://shop.example")).toBe(
      "https://shop.example/v1/integrations/stripe/webhook/o1",
    );
  });

  it("lists the twelve events the server acts on, each once", () => {
    expect(STRIPE_WEBHOOK_EVENTS).toHaveLength(12);
    expect(new Set(STRIPE_WEBHOOK_EVENTS).size).toBe(12);
    expect(STRIPE_WEBHOOK_EVENTS).toContain("payment_intent.requires_action");
    expect(STRIPE_WEBHOOK_EVENTS).toContain("payment_method.automatically_updated");
  });
});
