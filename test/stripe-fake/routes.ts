// The endpoints the Stripe fake serves, each with the keys it accepts (docs/testing-stripe.md).
import { accountObject, createCustomer, retrieveCustomer } from "./accounts";
import { retrieveCharge } from "./charges";
import { closeDispute, retrieveDispute } from "./disputes";
import { FakeStripeError, resourceMissing } from "./errors";
import { allowOnly, optionalString, type Params } from "./form";
import {
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  retrievePaymentIntent,
} from "./payment-intents";
import {
  attachPaymentMethod,
  detachPaymentMethod,
  createConfirmationTokenFromParams,
  retrieveConfirmationToken,
  retrievePaymentMethod,
} from "./payment-methods";
import { createRefund, retrieveRefund } from "./refunds";
import { confirmSetupIntent, createSetupIntent, retrieveSetupIntent } from "./setup-intents";
import { lookup, type Context } from "./state";
import { completeNextActionFromParams } from "./test-controls";

/** Which key may call: "secret" only, "any" (a publishable key too: Stripe.js's calls), or
 * "client_secret" (a publishable key with the object's client_secret, as Stripe.js retrieves). */
export type KeyRule = "secret" | "any" | "client_secret";

export type Route = {
  method: "GET" | "POST";
  pattern: RegExp;
  keys: KeyRule;
  handle: (ctx: Context, id: string, params: Params) => unknown;
};

const ID = "([A-Za-z0-9_]+)";

function route(
  method: Route["method"],
  path: string,
  handle: Route["handle"],
  keys: KeyRule = "secret",
): Route {
  return { method, pattern: new RegExp(`^${path.replace("{id}", ID)}$`), keys, handle };
}

function retrieveOnly<T>(retrieve: (ctx: Context, id: string) => T): Route["handle"] {
  return (ctx, id, params) => {
    allowOnly(params, ["expand"]);
    return retrieve(ctx, id);
  };
}

export const ROUTES: Route[] = [
  route("GET", "/v1/account", (ctx, _id, params) => {
    allowOnly(params, ["expand"]);
    return accountObject(ctx.store.account);
  }),
  route("POST", "/v1/customers", (ctx, _id, params) => createCustomer(ctx, params)),
  route("GET", "/v1/customers/{id}", retrieveOnly(retrieveCustomer)),
  route("POST", "/v1/payment_intents", (ctx, _id, params) => createPaymentIntent(ctx, params)),
  route("GET", "/v1/payment_intents/{id}", retrievePaymentIntent, "client_secret"),
  route("POST", "/v1/payment_intents/{id}/confirm", confirmPaymentIntent),
  route("POST", "/v1/payment_intents/{id}/cancel", cancelPaymentIntent),
  route("POST", "/v1/setup_intents", (ctx, _id, params) => createSetupIntent(ctx, params)),
  route("GET", "/v1/setup_intents/{id}", retrieveSetupIntent, "client_secret"),
  route("POST", "/v1/setup_intents/{id}/confirm", confirmSetupIntent),
  route("GET", "/v1/confirmation_tokens/{id}", retrieveOnly(retrieveConfirmationToken)),
  route("GET", "/v1/payment_methods/{id}", retrieveOnly(retrievePaymentMethod)),
  route("POST", "/v1/payment_methods/{id}/attach", attachPaymentMethod),
  route("POST", "/v1/payment_methods/{id}/detach", detachPaymentMethod),
  route("POST", "/v1/refunds", (ctx, _id, params) => createRefund(ctx, params)),
  route("GET", "/v1/refunds/{id}", retrieveOnly(retrieveRefund)),
  route("GET", "/v1/charges/{id}", retrieveOnly(retrieveCharge)),
  route("GET", "/v1/disputes/{id}", retrieveOnly(retrieveDispute)),
  route("POST", "/v1/disputes/{id}/close", closeDispute),
  route(
    "GET",
    "/v1/events/{id}",
    retrieveOnly((ctx, id) => lookup(ctx.store.events, "event", id)),
  ),
  route(
    "POST",
    "/v1/test_helpers/confirmation_tokens",
    (ctx, _id, params) => createConfirmationTokenFromParams(ctx, params),
    "any",
  ),
  route("POST", "/v1/test_helpers/next_action/{id}", completeNextActionFromParams, "any"),
];

export function findRoute(method: string, path: string): { route: Route; id: string } | null {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { route: candidate, id: match[1] ?? "" };
  }
  return null;
}

/** A publishable key reads an intent only with its client secret, as Stripe.js does. */
export function checkClientSecret(ctx: Context, id: string, params: Params): void {
  const secret = optionalString(params, "client_secret");
  const intent = id.startsWith("seti_")
    ? ctx.store.setupIntents.get(id)
    : ctx.store.paymentIntents.get(id)?.intent;
  if (!intent) throw resourceMissing(id.startsWith("seti_") ? "setup_intent" : "payment_intent", id);
  if (!secret || secret !== intent.client_secret) {
    throw new FakeStripeError(401, {
      type: "invalid_request_error",
      message: "This API call cannot be made with a publishable API key without the object's client_secret.",
    });
  }
}
