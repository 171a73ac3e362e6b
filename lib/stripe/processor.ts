// Stripe as a payment processor (lib/payments/processor.ts; docs/payments.md, "Stripe"). One
// instance per organization, with its own keys.
//
// A payment is made in two calls so a crash can never charge twice or lose a charge: the
// PaymentIntent is created unconfirmed with a key derived from our attempt (`<key>:create`), its id
// is recorded on the attempt (`onCreated`), and only then is it confirmed (`<key>:confirm`). A retry
// replays the same calls and Stripe answers the first result; a crash before the id was recorded
// left an unconfirmed intent that moved no money; after it, `findPayment` re-reads the intent.
import type Stripe from "stripe";
import type { DbOrTx } from "../db/client";
import type {
  OnPaymentCreated,
  PaymentDetails,
  PaymentLookup,
  PaymentProcessor,
  PaymentResult,
  RefundResult,
  SetupResult,
} from "../payments/processor";
import { idOf, isStripeError, stripeClient } from "./client";
import type { StripeCredentials } from "./credentials";
import { ensureStripeCustomer } from "./customers";
import { closeStripeDispute, detachStripeCard } from "./after-sale";

export const STRIPE_PROCESSOR = "stripe";

/** A saved card as our records keep it: the Stripe Customer and the PaymentMethod. */
export function savedCardRef(customerId: string, paymentMethodId: string): string {
  return `${customerId}/${paymentMethodId}`;
}

function parseSavedCard(ref: string): { customer: string; paymentMethod: string } | null {
  const [customer, paymentMethod, extra] = ref.split("/");
  return customer?.startsWith("cus_") && paymentMethod && !extra ? { customer, paymentMethod } : null;
}

/** A card as the buyer recognizes it, from Stripe's card details. */
function cardOf(
  card:
    | { brand?: string | null; last4?: string | null; exp_month?: number | null; exp_year?: number | null }
    | null
    | undefined,
): PaymentDetails["card"] {
  if (!card) return null;
  return {
    brand: card.brand ?? null,
    last4: card.last4 ?? null,
    exp_month: card.exp_month ?? null,
    exp_year: card.exp_year ?? null,
  };
}

/** Risk and card of the intent's charge (expanded), or of a decline's error. */
function detailsOf(
  intent: Stripe.PaymentIntent | undefined,
  error?: Stripe.errors.StripeError,
): PaymentDetails {
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card =
    charge?.payment_method_details?.card ??
    (error && "payment_method" in error
      ? (error.payment_method as Stripe.PaymentMethod | undefined)?.card
      : null);
  return {
    risk_level: charge?.outcome?.risk_level ?? null,
    risk_outcome: charge?.outcome?.type ?? null,
    card_fingerprint: card?.fingerprint ?? null,
    card: cardOf(card),
  };
}

/** A PaymentIntent as our outcome. */
export function paymentIntentResult(intent: Stripe.PaymentIntent, savedCard: boolean): PaymentResult {
  const paymentMethod = idOf(intent.payment_method);
  const customer = idOf(intent.customer);
  const ref = savedCard && customer && paymentMethod ? savedCardRef(customer, paymentMethod) : null;
  const details = detailsOf(intent);
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", payment_id: intent.id, payment_method_ref: ref, details };
    case "processing":
      return { status: "pending", payment_id: intent.id, payment_method_ref: ref, details };
    case "requires_action":
      return {
        status: "requires_action",
        payment_id: intent.id,
        payment_method_ref: ref,
        action: { type: "use_stripe_sdk", client_secret: intent.client_secret },
        details,
      };
    case "requires_payment_method":
      if (!intent.last_payment_error) {
        return {
          status: "declined",
          code: "not_confirmed",
          message: "The payment was not confirmed.",
          details,
        };
      }
      return {
        status: "declined",
        code: intent.last_payment_error.decline_code ?? intent.last_payment_error.code ?? "card_declined",
        message: intent.last_payment_error.message ?? "The card was declined.",
        details,
      };
    case "canceled":
      return { status: "declined", code: "canceled", message: "The payment was canceled.", details };
    default:
      // requires_confirmation, requires_capture: created, never confirmed by us.
      return {
        status: "declined",
        code: "not_confirmed",
        message: "The payment was not confirmed.",
        details,
      };
  }
}

/** A refused confirm (402 card_error) as a decline; anything else goes up (the attempt stays pending). */
function declineOf(error: unknown): PaymentResult | null {
  if (!isStripeError(error) || error.type !== "StripeCardError") return null;
  const intent = (error as Stripe.errors.StripeCardError).payment_intent as Stripe.PaymentIntent | undefined;
  return {
    status: "declined",
    code: error.decline_code ?? error.code ?? "card_declined",
    message: error.message,
    details: detailsOf(intent, error),
  };
}

/** Stripe takes the card of a Payment Element as a ConfirmationToken (`ctoken_…`), nothing else. */
const isConfirmationToken = (token: string) => /^ctoken_[A-Za-z0-9_]{1,200}$/.test(token);

/**
 * A token that is no Stripe ConfirmationToken (the test processor's `tok_visa`, anything else) is
 * declined before any call: the card was not entered in Stripe's form.
 */
const NOT_A_STRIPE_TOKEN = {
  status: "declined",
  code: "invalid_confirmation_token",
  message: "This card was not entered in Stripe's payment form: enter it again there.",
} as const;

export function stripeProcessor(db: DbOrTx, credentials: StripeCredentials): PaymentProcessor {
  const stripe = stripeClient(credentials.secretKey);
  const expand = ["latest_charge"];

  async function confirm(
    intentId: string,
    params: Stripe.PaymentIntentConfirmParams,
    key: string,
    savedCard: boolean,
  ): Promise<PaymentResult> {
    try {
      const intent = await stripe.paymentIntents.confirm(
        intentId,
        { ...params, expand },
        { idempotencyKey: `${key}:confirm` },
      );
      return paymentIntentResult(intent, savedCard);
    } catch (error) {
      const decline = declineOf(error);
      if (decline) return decline;
      throw error;
    }
  }

  /**
   * The two calls of every payment (the file's header): the intent created unconfirmed with
   * `<key>:create` (or the one a previous try created), its id recorded, then confirmed.
   */
  async function createThenConfirm(
    input: { idempotencyKey: string; processorPaymentId?: string | null; onCreated?: OnPaymentCreated },
    create: Omit<Stripe.PaymentIntentCreateParams, "confirm" | "metadata">,
    confirmParams: Stripe.PaymentIntentConfirmParams,
    savedCard: boolean,
  ): Promise<PaymentResult> {
    let intentId = input.processorPaymentId;
    if (!intentId) {
      const intent = await stripe.paymentIntents.create(
        {
          ...create,
          confirm: false,
          metadata: { organization_id: credentials.organizationId, attempt: input.idempotencyKey },
        },
        { idempotencyKey: `${input.idempotencyKey}:create` },
      );
      intentId = intent.id;
      await input.onCreated?.(intentId);
    }
    return confirm(intentId, confirmParams, input.idempotencyKey, savedCard);
  }

  return {
    name: STRIPE_PROCESSOR,

    async createPayment(input) {
      if (!isConfirmationToken(input.token)) return NOT_A_STRIPE_TOKEN;
      const customer = input.saveForFutureUse
        ? await ensureStripeCustomer(db, stripe, credentials.organizationId, input.customer)
        : undefined;
      return createThenConfirm(
        input,
        {
          amount: input.amount,
          currency: input.currency,
          ...(customer ? { customer, setup_future_usage: "off_session" as const } : {}),
          automatic_payment_methods: { enabled: true },
          ...(credentials.requireThreeDSecure
            ? { payment_method_options: { card: { request_three_d_secure: "any" as const } } }
            : {}),
          receipt_email: input.customer.email || undefined,
        },
        { confirmation_token: input.token, ...(input.returnUrl ? { return_url: input.returnUrl } : {}) },
        input.saveForFutureUse,
      );
    },

    async cardFingerprint(token) {
      if (!token.startsWith("ctoken_")) return null;
      const confirmation = await stripe.confirmationTokens.retrieve(token);
      return confirmation.payment_method_preview?.card?.fingerprint ?? null;
    },

    async setupPaymentMethod(input): Promise<SetupResult> {
      if (!isConfirmationToken(input.token)) return NOT_A_STRIPE_TOKEN;
      const customer = await ensureStripeCustomer(db, stripe, credentials.organizationId, input.customer);
      try {
        const setup = await stripe.setupIntents.create(
          {
            customer,
            confirm: true,
            confirmation_token: input.token,
            usage: "off_session",
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            ...(credentials.requireThreeDSecure
              ? { payment_method_options: { card: { request_three_d_secure: "any" as const } } }
              : {}),
            metadata: { organization_id: credentials.organizationId, attempt: input.idempotencyKey },
            expand: ["payment_method"],
          },
          { idempotencyKey: `${input.idempotencyKey}:setup` },
        );
        return setupIntentResult(setup);
      } catch (error) {
        const decline = declineOf(error);
        if (decline && decline.status === "declined") return decline;
        throw error;
      }
    },

    async chargePaymentMethod(input) {
      const saved = parseSavedCard(input.paymentMethodRef);
      if (!saved)
        return { status: "declined", code: "no_payment_method", message: "No saved card to charge." };
      return createThenConfirm(
        input,
        {
          amount: input.amount,
          currency: input.currency,
          customer: saved.customer,
          payment_method: saved.paymentMethod,
        },
        { off_session: true, payment_method: saved.paymentMethod },
        true,
      );
    },

    async refund(input): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentId,
            amount: input.amount,
            metadata: { organization_id: credentials.organizationId, attempt: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        await input.onCreated?.(refund.id);
        return refundResult(refund);
      } catch (error) {
        if (isStripeError(error) && error.type === "StripeInvalidRequestError" && error.statusCode === 400) {
          return { status: "failed", code: error.code ?? "refund_refused", message: error.message };
        }
        throw error;
      }
    },

    closeDispute: (processorDisputeId) => closeStripeDispute(stripe, processorDisputeId),

    async forgetPaymentMethod(paymentMethodRef) {
      const saved = parseSavedCard(paymentMethodRef);
      if (saved) await detachStripeCard(stripe, saved.paymentMethod);
    },

    async findPayment(input): Promise<PaymentLookup> {
      const id = input.processorPaymentId;
      if (id?.startsWith("pi_")) {
        const intent = await stripe.paymentIntents.retrieve(id, { expand });
        return paymentIntentResult(intent, Boolean(intent.setup_future_usage) || input.kind === "renewal");
      }
      if (id?.startsWith("re_")) return asLookup(refundResult(await stripe.refunds.retrieve(id)));
      if (id?.startsWith("seti_"))
        return setupLookup(
          setupIntentResult(await stripe.setupIntents.retrieve(id, { expand: ["payment_method"] })),
        );
      if (input.kind === "refund") {
        // The refund may exist without its id recorded (a crash right after creating it): our key
        // is in its metadata.
        const found = input.refundedPaymentId
          ? await findRefundByAttempt(stripe, input.refundedPaymentId, input.idempotencyKey)
          : null;
        return found ? asLookup(refundResult(found)) : { status: "not_found" };
      }
      // No intent id recorded: no intent was ever confirmed for this attempt, so no money moved.
      return { status: "not_found" };
    },
  };
}

/**
 * A SetupIntent as our outcome: the card saved on the Customer, the bank's step for the buyer
 * (3-D Secure: handed to the page like a payment's), or a decline.
 */
export function setupIntentResult(setup: Stripe.SetupIntent): SetupResult {
  const paymentMethod = idOf(setup.payment_method);
  const customer = idOf(setup.customer);
  if (setup.status === "succeeded" && paymentMethod && customer) {
    const card = typeof setup.payment_method === "object" ? setup.payment_method?.card : null;
    return {
      status: "succeeded",
      payment_method_ref: savedCardRef(customer, paymentMethod),
      setup_id: setup.id,
      details: { card_fingerprint: card?.fingerprint ?? null, card: cardOf(card) },
    };
  }
  if (setup.status === "requires_action") {
    return {
      status: "requires_action",
      setup_id: setup.id,
      action: { type: "use_stripe_sdk", client_secret: setup.client_secret },
    };
  }
  return {
    status: "declined",
    code:
      setup.last_setup_error?.decline_code ??
      setup.last_setup_error?.code ??
      (setup.status === "canceled" ? "canceled" : "not_confirmed"),
    message: setup.last_setup_error?.message ?? "The card could not be saved.",
  };
}

/** A setup's outcome as a look-up answers it (the SetupIntent's id as the payment's). */
export function setupLookup(setup: SetupResult): PaymentLookup {
  switch (setup.status) {
    case "succeeded":
      return {
        status: "succeeded",
        payment_id: setup.setup_id ?? "",
        payment_method_ref: setup.payment_method_ref,
        details: setup.details,
      };
    case "requires_action":
      return {
        status: "requires_action",
        payment_id: setup.setup_id,
        payment_method_ref: null,
        action: setup.action,
      };
    default:
      return setup;
  }
}

export function refundResult(refund: Stripe.Refund): RefundResult {
  if (refund.status === "succeeded") return { status: "succeeded", refund_id: refund.id };
  if (refund.status === "failed" || refund.status === "canceled") {
    return {
      status: "failed",
      code: refund.failure_reason ?? refund.status,
      message: `Stripe could not give the money back (${refund.failure_reason ?? refund.status}).`,
    };
  }
  return { status: "pending", refund_id: refund.id };
}

function asLookup(refund: RefundResult): PaymentLookup {
  return refund.status === "failed"
    ? { status: "declined", code: refund.code, message: refund.message }
    : { status: refund.status, payment_id: refund.refund_id, payment_method_ref: null };
}

async function findRefundByAttempt(
  stripe: Stripe,
  paymentIntent: string,
  idempotencyKey: string,
): Promise<Stripe.Refund | null> {
  const page = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  return page.data.find((refund) => refund.metadata?.attempt === idempotencyKey) ?? null;
}
