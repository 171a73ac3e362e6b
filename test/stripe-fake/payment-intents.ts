// The PaymentIntent endpoints of the Stripe fake: parameters read and checked like Stripe's, the
// state changes in payment-attempts.ts.
import type Stripe from "stripe";
import { invalidRequest } from "./errors";
import {
  allowOnly,
  expandParam,
  metadataParam,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  type Params,
} from "./form";
import { cancelIntent, confirmIntent, type ConfirmInput } from "./payment-attempts";
import { lookup, newId, unixSeconds, type Context, type PaymentIntentRecord } from "./state";

const CREATE_PARAMS = [
  "amount",
  "currency",
  "customer",
  "confirm",
  "confirmation_token",
  "payment_method",
  "payment_method_types",
  "off_session",
  "setup_future_usage",
  "return_url",
  "metadata",
  "description",
  "receipt_email",
  "statement_descriptor_suffix",
  "payment_method_options",
  "automatic_payment_methods",
  "expand",
] as const;
const CONFIRM_PARAMS = [
  "confirmation_token",
  "payment_method",
  "return_url",
  "off_session",
  "expand",
] as const;
const EXPANDABLE = ["latest_charge", "payment_method", "customer"] as const;
const CANCELLATION_REASONS = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
const MINIMUM_AMOUNT = 50;
const MAXIMUM_AMOUNT = 99_999_999;

function setupFutureUsage(params: Params): Stripe.PaymentIntent.SetupFutureUsage | null {
  const value = optionalString(params, "setup_future_usage");
  if (value === undefined || value === "") return null;
  if (value !== "on_session" && value !== "off_session") {
    throw invalidRequest(`Invalid setup_future_usage: must be one of on_session, off_session`, {
      param: "setup_future_usage",
    });
  }
  return value;
}

/** `off_session` is `true`/`false` or Stripe's older `one_off`/`recurring`. */
function offSession(params: Params): boolean | undefined {
  const value = optionalString(params, "off_session");
  if (value === "one_off" || value === "recurring") return true;
  return optionalBoolean(params, "off_session");
}

function confirmInput(params: Params): ConfirmInput {
  return {
    confirmationToken: optionalString(params, "confirmation_token"),
    paymentMethod: optionalString(params, "payment_method"),
    offSession: offSession(params),
    returnUrl: optionalString(params, "return_url"),
  };
}

function amountParam(params: Params): number {
  const amount = optionalInteger(params, "amount");
  if (amount === undefined)
    throw invalidRequest("Missing required param: amount.", { param: "amount", code: "parameter_missing" });
  if (amount < MINIMUM_AMOUNT) {
    throw invalidRequest("Amount must be at least 50 cents.", { param: "amount", code: "amount_too_small" });
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidRequest("Amount must be no more than 99,999,999.", {
      param: "amount",
      code: "amount_too_large",
    });
  }
  return amount;
}

function requestThreeDSecure(
  params: Params,
): Stripe.PaymentIntent.PaymentMethodOptions.Card.RequestThreeDSecure {
  const value =
    optionalString(params, "payment_method_options", "card", "request_three_d_secure") ?? "automatic";
  if (!["any", "automatic", "challenge"].includes(value)) {
    throw invalidRequest("Invalid request_three_d_secure", {
      param: "payment_method_options[card][request_three_d_secure]",
    });
  }
  return value;
}

export function createPaymentIntent(ctx: Context, params: Params): Stripe.PaymentIntent {
  allowOnly(params, CREATE_PARAMS);
  const expand = expandParam(params, EXPANDABLE);
  const amount = amountParam(params);
  const currency = requiredString(params, "currency").toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency}`, { param: "currency" });
  const customer = optionalString(params, "customer") ?? null;
  if (customer) lookup(ctx.store.customers, "customer", customer, "customer");
  const confirm = optionalBoolean(params, "confirm") ?? false;
  const input = confirmInput(params);
  if (!confirm && (input.confirmationToken || input.offSession !== undefined)) {
    throw invalidRequest(
      `${input.confirmationToken ? "confirmation_token" : "off_session"} can only be used when confirm=true.`,
      { param: input.confirmationToken ? "confirmation_token" : "off_session" },
    );
  }
  const paymentMethod = input.paymentMethod ?? null;
  if (paymentMethod) lookup(ctx.store.paymentMethods, "payment_method", paymentMethod, "payment_method");
  const automatic = optionalBoolean(params, "automatic_payment_methods", "enabled");
  const id = newId("pi");
  const intent = {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automatic === undefined ? null : { enabled: automatic },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${newId("s").slice(2)}`,
    confirmation_method: "automatic",
    created: unixSeconds(ctx.fake),
    currency,
    customer,
    customer_account: null,
    description: optionalString(params, "description") ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: ctx.store.account.livemode,
    managed_payments: null,
    metadata: metadataParam(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: requestThreeDSecure(params),
      },
    },
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: optionalString(params, "receipt_email") ?? null,
    review: null,
    setup_future_usage: setupFutureUsage(params),
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: optionalString(params, "statement_descriptor_suffix") ?? null,
    status: paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
  const record: PaymentIntentRecord = { intent, offSession: false };
  ctx.store.paymentIntents.set(id, record);
  if (confirm) confirmIntent(ctx, record, input);
  return view(ctx, intent, expand);
}

export function confirmPaymentIntent(ctx: Context, id: string, params: Params): Stripe.PaymentIntent {
  allowOnly(params, CONFIRM_PARAMS);
  const expand = expandParam(params, EXPANDABLE);
  const record = lookup(ctx.store.paymentIntents, "payment_intent", id);
  confirmIntent(ctx, record, confirmInput(params));
  return view(ctx, record.intent, expand);
}

export function retrievePaymentIntent(ctx: Context, id: string, params: Params): Stripe.PaymentIntent {
  allowOnly(params, ["expand", "client_secret"]);
  const expand = expandParam(params, EXPANDABLE);
  return view(ctx, lookup(ctx.store.paymentIntents, "payment_intent", id).intent, expand);
}

export function cancelPaymentIntent(ctx: Context, id: string, params: Params): Stripe.PaymentIntent {
  allowOnly(params, ["cancellation_reason", "expand"]);
  const expand = expandParam(params, EXPANDABLE);
  const reason = optionalString(params, "cancellation_reason");
  if (reason !== undefined && !CANCELLATION_REASONS.includes(reason)) {
    throw invalidRequest(`Invalid cancellation_reason: ${reason}`, { param: "cancellation_reason" });
  }
  const record = lookup(ctx.store.paymentIntents, "payment_intent", id);
  cancelIntent(ctx, record, reason);
  return view(ctx, record.intent, expand);
}

/** The intent as answered: ids, or objects where `expand[]` asks for them. */
export function view(
  ctx: Context,
  intent: Stripe.PaymentIntent,
  expand: readonly string[],
): Stripe.PaymentIntent {
  const answer: Stripe.PaymentIntent = { ...intent };
  if (expand.includes("latest_charge") && typeof intent.latest_charge === "string") {
    answer.latest_charge = lookup(ctx.store.charges, "charge", intent.latest_charge);
  }
  if (expand.includes("payment_method") && typeof intent.payment_method === "string") {
    answer.payment_method = lookup(ctx.store.paymentMethods, "payment_method", intent.payment_method).method;
  }
  if (expand.includes("customer") && typeof intent.customer === "string") {
    answer.customer = lookup(ctx.store.customers, "customer", intent.customer);
  }
  return answer;
}
