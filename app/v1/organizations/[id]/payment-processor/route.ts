// GET /v1/organizations/{id}/payment-processor — the organization's card processor, never its
// secrets; PUT sets it: Stripe's keys (checked against Stripe, of the organization's mode, sealed
// at rest) or the built-in test processor (test organizations only). docs/payments.md, "Stripe".
import { methods, route } from "@/lib/api/handler";
import { organizationParams } from "@/lib/organizations/schemas";
import { getPaymentProcessor, patchPaymentProcessor, putPaymentProcessor } from "@/lib/stripe/credentials";
import {
  patchPaymentProcessorBody,
  paymentProcessorSchema,
  putPaymentProcessorBody,
} from "@/lib/stripe/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "organizations:read",
      params: organizationParams,
      output: paymentProcessorSchema,
      summary: "The organization's card processor, its webhook URL and the Stripe events to enable",
    },
    ({ db, principal, params }) => getPaymentProcessor(db, principal, params.id),
  ),
  PUT: route(
    {
      auth: "organizations:write",
      params: organizationParams,
      body: putPaymentProcessorBody,
      output: paymentProcessorSchema,
      summary: "Set the card processor: Stripe's keys (checked with Stripe, sealed) or the test processor",
      idempotency: "none",
    },
    ({ db, principal, params, body }) => putPaymentProcessor(db, principal, params.id, body),
  ),
  PATCH: route(
    {
      auth: "organizations:write",
      params: organizationParams,
      body: patchPaymentProcessorBody,
      output: paymentProcessorSchema,
      summary: "Change the card processor's settings (3-D Secure on every card) without the keys",
    },
    ({ db, principal, params, body }) => patchPaymentProcessor(db, principal, params.id, body),
  ),
});
