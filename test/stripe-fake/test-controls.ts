// Test controls that act like the buyer or the bank (3-D Secure done, a dispute opened, …), shared by
// the fake's programmatic API and its /v1/test_helpers endpoints.
import type Stripe from "stripe";
import { invalidRequest } from "./errors";
import { allowOnly, requiredString, type Params } from "./form";
import { completePaymentIntentAction } from "./payment-attempts";
import { view } from "./payment-intents";
import { completeSetupIntentAction } from "./setup-intents";
import { lookup, type Context } from "./state";

export type NextActionOutcome = "succeed" | "fail";

export function completeNextAction(
  ctx: Context,
  id: string,
  outcome: NextActionOutcome,
): Stripe.PaymentIntent | Stripe.SetupIntent {
  if (id.startsWith("seti_")) {
    const intent = lookup(ctx.store.setupIntents, "setup_intent", id);
    completeSetupIntentAction(ctx, intent, outcome);
    return intent;
  }
  const record = lookup(ctx.store.paymentIntents, "payment_intent", id);
  completePaymentIntentAction(ctx, record, outcome);
  return view(ctx, record.intent, []);
}

/** `POST /v1/test_helpers/next_action/{id}` with `outcome=succeed|fail`. */
export function completeNextActionFromParams(
  ctx: Context,
  id: string,
  params: Params,
): Stripe.PaymentIntent | Stripe.SetupIntent {
  allowOnly(params, ["outcome"]);
  const outcome = requiredString(params, "outcome");
  if (outcome !== "succeed" && outcome !== "fail") {
    throw invalidRequest("outcome must be succeed or fail", { param: "outcome" });
  }
  return completeNextAction(ctx, id, outcome);
}
