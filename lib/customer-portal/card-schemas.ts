// A card the buyer adds in the portal (./add-card.ts; docs/api.md, "Customer portal API"): the
// bodies of POST /v1/customer-portal/customers/me/payment-methods and …/confirm, and their answer
// (the reference API's CustomerPaymentMethodCreateResponse).
import { z } from "zod";
import { customerPaymentMethodSchema } from "../customers/payment-methods";

export const addPaymentMethodBody = z.object({
  /** The card form's single-use token: Stripe's confirmation token, or the test processor's `tok_…`. */
  confirmation_token_id: z.string().min(1).max(255),
  /** Also the card of the buyer's subscriptions that still bill (past due: charged with it). */
  set_default: z.boolean().default(false),
  /**
   * Where a bank's page would send the buyer back. Accepted for the reference's clients; unused:
   * cards are saved without redirects (3-D Secure runs in the page, Stripe.js `handleNextAction`).
   */
  return_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullish(),
});
export type AddPaymentMethodBody = z.output<typeof addPaymentMethodBody>;

export const confirmPaymentMethodBody = z.object({
  /** The SetupIntent of the `requires_action` answer (`seti_…`, the client secret's first part). */
  setup_intent_id: z.string().min(1).max(255),
  /** True also makes the card the subscriptions' when the add did not ask it; false changes nothing. */
  set_default: z.boolean().default(false),
});
export type ConfirmPaymentMethodBody = z.output<typeof confirmPaymentMethodBody>;

export const addPaymentMethodAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("succeeded"), payment_method: customerPaymentMethodSchema }),
  /** The bank asks the buyer first (3-D Secure): Stripe.js `handleNextAction`, then …/confirm. */
  z.object({ status: z.literal("requires_action"), client_secret: z.string() }),
]);
export type AddPaymentMethodAnswer = z.output<typeof addPaymentMethodAnswer>;
