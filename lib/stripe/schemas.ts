// An organization's card processor as the API reads and writes it (docs/payments.md, "Stripe"):
// PUT /v1/organizations/{id}/payment-processor with Stripe's keys, or the built-in test processor
// (test organizations only). Secrets go in and never come back out.
import { z } from "zod";

/** Stripe's keys are `sk_test_…`/`sk_live_…` (or restricted `rk_…`), `pk_…` and `whsec_…`. */
const secretKey = z
  .string()
  .trim()
  .max(255)
  .regex(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/,
    "Paste a Stripe secret key: it starts with sk_test_ or sk_live_.",
  );
const publishableKey = z
  .string()
  .trim()
  .max(255)
  .regex(
    /^pk_(test|live)_[A-Za-z0-9_]{8,}$/,
    "Paste a Stripe publishable key: it starts with pk_test_ or pk_live_.",
  );
const webhookSecret = z
  .string()
  .trim()
  .max(255)
  .regex(
    /^whsec_[A-Za-z0-9+/=_-]{8,}$/,
    "Paste the endpoint's signing secret from Stripe: it starts with whsec_.",
  );

export const putPaymentProcessorBody = z.discriminatedUnion("processor", [
  z.object({
    processor: z.literal("stripe"),
    secret_key: secretKey,
    publishable_key: publishableKey,
    webhook_secret: webhookSecret,
  }),
  z.object({ processor: z.literal("test") }),
]);
export type PutPaymentProcessorBody = z.output<typeof putPaymentProcessorBody>;

/** PATCH: the settings that go with the keys, without sending the keys again. */
export const patchPaymentProcessorBody = z.object({
  require_three_d_secure: z
    .boolean()
    .describe("Ask the bank for 3-D Secure on every card payment, whatever the card's risk (Stripe only)."),
});
export type PatchPaymentProcessorBody = z.output<typeof patchPaymentProcessorBody>;

export const paymentProcessorSchema = z
  .object({
    /** null: none set (a test organization then uses the built-in test processor). */
    processor: z.enum(["stripe", "test"]).nullable(),
    /** The organization's mode: live takes real money. */
    livemode: z.boolean(),
    publishable_key: z.string().nullable(),
    /** The last four characters of the secret key, to recognise it; the key is never returned. */
    secret_key_last4: z.string().nullable(),
    /** Stripe's account id (acct_…) of the key. */
    account_id: z.string().nullable(),
    /** Enter this URL as the endpoint in Stripe (Developers → Webhooks), with the events to send. */
    webhook_url: z.string(),
    /** The Stripe events to enable on that endpoint. */
    webhook_events: z.array(z.string()),
    /** 3-D Secure is asked for on every card payment (PATCH). */
    require_three_d_secure: z.boolean(),
  })
  .meta({ description: "An organization's card processor, without its secrets." });
export type PaymentProcessorView = z.output<typeof paymentProcessorSchema>;
