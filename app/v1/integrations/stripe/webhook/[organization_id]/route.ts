// POST /v1/integrations/stripe/webhook/{organization_id} — Stripe's events for one organization:
// the Stripe-Signature is checked on the raw body with the organization's webhook secret, the
// event stored by its id and processed by a job (docs/payments.md, "Stripe").
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { receiveStripeEvent } from "@/lib/stripe/webhook";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      auth: "public",
      params: z.object({ organization_id: id() }),
      rawBody: true,
      idempotency: "none",
      output: z.object({ received: z.literal(true) }),
      summary: "Stripe's events for an organization (the webhook URL entered in Stripe)",
      description:
        "Called by Stripe, not by clients. The `Stripe-Signature` header must match the raw body " +
        "under the organization's webhook secret and be at most 300 seconds old (400 otherwise); an " +
        "organization without Stripe is 404. Every event is acknowledged at once and processed later.",
    },
    ({ db, params, request, rawBody }) =>
      receiveStripeEvent(db, params.organization_id, rawBody, request.headers.get("stripe-signature")),
  ),
});
