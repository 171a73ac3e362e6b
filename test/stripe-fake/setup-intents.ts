// The SetupIntent endpoints of the Stripe fake: saving a card for later (off-session) payments,
// with 3-D Secure on session and declines like PaymentIntents.
import type Stripe from "stripe";
import { FakeStripeError, invalidRequest, unexpectedState } from "./errors";
import { emitSetupIntentEvent } from "./events";
import { allowOnly, expandParam, metadataParam, optionalBoolean, optionalString, type Params } from "./form";
import { resolvePaymentMethod } from "./payment-attempts";
import { attachToCustomer } from "./payment-methods";
import { lookup, newId, unixSeconds, type Context, type PaymentMethodRecord } from "./state";

const CREATE_PARAMS = [
  "customer",
  "confirm",
  "confirmation_token",
  "payment_method",
  "payment_method_types",
  "payment_method_options",
  "automatic_payment_methods",
  "usage",
  "return_url",
  "metadata",
  "description",
  "expand",
] as const;
const CONFIRM_PARAMS = ["confirmation_token", "payment_method", "return_url", "expand"] as const;
const CONFIRMABLE: Stripe.SetupIntent.Status[] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
];

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/** The SetupIntent as answered: its saved card as an object when `expand[]=payment_method`. */
function view(ctx: Context, intent: Stripe.SetupIntent, expand: readonly string[]): Stripe.SetupIntent {
  if (!expand.includes("payment_method") || typeof intent.payment_method !== "string") return intent;
  const method = lookup(ctx.store.paymentMethods, "payment_method", intent.payment_method).method;
  return { ...intent, payment_method: method };
}

const EXPANDABLE = ["payment_method"] as const;

export function createSetupIntent(ctx: Context, params: Params): Stripe.SetupIntent {
  allowOnly(params, CREATE_PARAMS);
  const expand = expandParam(params, EXPANDABLE);
  const customer = optionalString(params, "customer") ?? null;
  if (customer) lookup(ctx.store.customers, "customer", customer, "customer");
  const usage = optionalString(params, "usage") ?? "off_session";
  if (usage !== "on_session" && usage !== "off_session")
    throw invalidRequest("Invalid usage", { param: "usage" });
  const confirm = optionalBoolean(params, "confirm") ?? false;
  const confirmationToken = optionalString(params, "confirmation_token");
  if (!confirm && confirmationToken) {
    throw invalidRequest("confirmation_token can only be used when confirm=true.", {
      param: "confirmation_token",
    });
  }
  const paymentMethod = optionalString(params, "payment_method") ?? null;
  if (paymentMethod) lookup(ctx.store.paymentMethods, "payment_method", paymentMethod, "payment_method");
  const automatic = optionalBoolean(params, "automatic_payment_methods", "enabled");
  const threeDSecure =
    optionalString(params, "payment_method_options", "card", "request_three_d_secure") ?? "automatic";
  const id = newId("seti");
  const intent = {
    id,
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: automatic === undefined ? null : { enabled: automatic },
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId("s").slice(2)}`,
    created: unixSeconds(ctx.fake),
    customer,
    description: optionalString(params, "description") ?? null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: ctx.store.account.livemode,
    mandate: null,
    metadata: metadataParam(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: threeDSecure },
    },
    payment_method_types: ["card"],
    single_use_mandate: null,
    status: paymentMethod ? "requires_confirmation" : "requires_payment_method",
    usage,
  } satisfies Stripe.SetupIntent;
  ctx.store.setupIntents.set(id, intent);
  if (confirm) confirmSetup(ctx, intent, { confirmationToken, paymentMethod: paymentMethod ?? undefined });
  return view(ctx, intent, expand);
}

export function confirmSetupIntent(ctx: Context, id: string, params: Params): Stripe.SetupIntent {
  allowOnly(params, CONFIRM_PARAMS);
  const expand = expandParam(params, EXPANDABLE);
  const intent = lookup(ctx.store.setupIntents, "setup_intent", id);
  confirmSetup(ctx, intent, {
    confirmationToken: optionalString(params, "confirmation_token"),
    paymentMethod: optionalString(params, "payment_method"),
  });
  return view(ctx, intent, expand);
}

export function retrieveSetupIntent(ctx: Context, id: string, params: Params): Stripe.SetupIntent {
  allowOnly(params, ["expand", "client_secret"]);
  const expand = expandParam(params, EXPANDABLE);
  return view(ctx, lookup(ctx.store.setupIntents, "setup_intent", id), expand);
}

function confirmSetup(
  ctx: Context,
  intent: Stripe.SetupIntent,
  input: { confirmationToken?: string; paymentMethod?: string },
): void {
  if (!CONFIRMABLE.includes(intent.status)) {
    throw unexpectedState(
      "setup_intent",
      `This SetupIntent's status is ${intent.status}, which does not allow it to be confirmed.`,
    );
  }
  const method = resolvePaymentMethod(ctx, idOf(intent.customer), {
    ...input,
    current: idOf(intent.payment_method),
  });
  intent.payment_method = method.method.id;
  intent.last_setup_error = null;
  intent.next_action = null;
  const decline = method.card.decline;
  if (decline) {
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.last_setup_error = {
      type: "card_error",
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method: method.method,
    };
    emitSetupIntentEvent(ctx, "setup_intent.setup_failed", intent);
    throw new FakeStripeError(402, {
      type: "card_error",
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      setup_intent: intent,
      payment_method: method.method,
    });
  }
  const asksForAuthentication = intent.payment_method_options?.card?.request_three_d_secure === "any";
  if (method.card.onSessionAuthentication === "required" || asksForAuthentication) {
    intent.status = "requires_action";
    intent.next_action = {
      type: "use_stripe_sdk",
      use_stripe_sdk: { type: "three_d_secure_redirect", source: `src_fake_${intent.id}` },
    } satisfies Stripe.SetupIntent.NextAction;
    emitSetupIntentEvent(ctx, "setup_intent.requires_action", intent);
    return;
  }
  succeed(ctx, intent, method);
}

function succeed(ctx: Context, intent: Stripe.SetupIntent, method: PaymentMethodRecord): void {
  intent.status = "succeeded";
  const customer = idOf(intent.customer);
  if (customer) attachToCustomer(ctx, method, customer);
  emitSetupIntentEvent(ctx, "setup_intent.succeeded", intent);
}

/** The buyer completes (or fails) 3-D Secure on a SetupIntent. */
export function completeSetupIntentAction(
  ctx: Context,
  intent: Stripe.SetupIntent,
  outcome: "succeed" | "fail",
): void {
  if (intent.status !== "requires_action") {
    throw unexpectedState(
      "setup_intent",
      `This SetupIntent's status is ${intent.status}, not requires_action.`,
    );
  }
  const method = resolvePaymentMethod(ctx, idOf(intent.customer), { current: idOf(intent.payment_method) });
  intent.next_action = null;
  if (outcome === "succeed") return succeed(ctx, intent, method);
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.last_setup_error = {
    type: "invalid_request_error",
    code: "setup_intent_authentication_failure",
    message:
      "The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to set it up again.",
    payment_method: method.method,
  };
  emitSetupIntentEvent(ctx, "setup_intent.setup_failed", intent);
}
