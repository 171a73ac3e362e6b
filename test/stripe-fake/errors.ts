// Errors of the Stripe fake, in the shape the Stripe API answers them (docs/testing-stripe.md):
// `{ error: { type, code, decline_code?, message, param?, payment_intent?, ... } }` with Stripe's status.
import type Stripe from "stripe";

export type StripeErrorBody = {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent;
  setup_intent?: Stripe.SetupIntent;
  payment_method?: Stripe.PaymentMethod;
};

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(
  message: string,
  options: { param?: string; code?: string } = {},
): FakeStripeError {
  return new FakeStripeError(400, { type: "invalid_request_error", message, ...options });
}

/** A path object that does not exist (or belongs to another account): 404, like Stripe. */
export function resourceMissing(kind: string, id: string, param?: string): FakeStripeError {
  return new FakeStripeError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
}

export function unexpectedState(kind: "payment_intent" | "setup_intent", message: string): FakeStripeError {
  return new FakeStripeError(400, {
    type: "invalid_request_error",
    code: `${kind}_unexpected_state`,
    message,
  });
}
