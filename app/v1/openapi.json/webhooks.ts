// Every webhook event type the app sends, with the zod schema of its `data`: the same schema the
// event's emitter encodes it with (lib/<domain>/events.ts, lib/license-keys/grant-events.ts,
// lib/webhooks/deliveries.ts). Keyed by the code's own list (DELIVERED_EVENT_TYPES), so a new event
// type without an entry here does not compile, and openapi.test.ts checks the document lists them all.
import type { z } from "zod";
import type { DocumentedWebhook } from "@/lib/api/openapi";
import { benefitGrantSchema } from "@/lib/benefits/grant-schemas";
import { checkoutSchema } from "@/lib/checkout/schemas";
import { customerResourceSchema } from "@/lib/customers/schemas";
import { disputeSchema } from "@/lib/disputes/schemas";
import { licenseKeyWithActivationsSchema } from "@/lib/license-keys/schemas";
import { orderSchema } from "@/lib/orders/schemas";
import { refundSchema } from "@/lib/refunds/schemas";
import { subscriptionWithRelationsSchema } from "@/lib/subscriptions/read";
import {
  DELIVERED_EVENT_TYPES,
  webhookTestEventDataSchema,
  type DeliveredEventType,
} from "@/lib/webhooks/event-types";

type Event = { summary: string; description?: string; data: z.ZodType };

const AS_GET = (route: string) => `\`data\` is the resource exactly as \`GET ${route}\` returns it.`;

const EVENTS: Record<DeliveredEventType, Event> = {
  "checkout.created": {
    summary: "A checkout session was created (API or a checkout link visit)",
    description: AS_GET("/v1/checkouts/{id}"),
    data: checkoutSchema,
  },
  "checkout.updated": {
    summary: "A checkout session changed: updated, confirmed, succeeded, failed or expired",
    description: AS_GET("/v1/checkouts/{id}"),
    data: checkoutSchema,
  },
  "order.created": {
    summary: "An order was created (checkout processing, each renewal)",
    description: `${AS_GET("/v1/orders/{id}")} Followed at once by \`order.paid\`.`,
    data: orderSchema,
  },
  "order.paid": {
    summary: "An order was paid (at once with its creation)",
    description: AS_GET("/v1/orders/{id}"),
    data: orderSchema,
  },
  "order.updated": {
    summary: "An order's billing name or address was corrected (its amounts never change)",
    description: AS_GET("/v1/orders/{id}"),
    data: orderSchema,
  },
  "order.refunded": {
    summary: "A refund of the order succeeded",
    description: AS_GET("/v1/orders/{id}"),
    data: orderSchema,
  },
  "refund.created": {
    summary: "A refund was created",
    description: AS_GET("/v1/refunds/{id}"),
    data: refundSchema,
  },
  "refund.updated": {
    summary: "A refund succeeded or failed at the processor",
    description: AS_GET("/v1/refunds/{id}"),
    data: refundSchema,
  },
  "dispute.created": {
    summary: "A payment processor reported a new dispute (or inquiry) of an order's payment",
    description: AS_GET("/v1/disputes/{id}"),
    data: disputeSchema,
  },
  "dispute.updated": {
    summary: "A dispute moved on (a response under review, a new evidence deadline or amount)",
    description: AS_GET("/v1/disputes/{id}"),
    data: disputeSchema,
  },
  "dispute.closed": {
    summary: "A dispute reached its final status: won, lost, or an inquiry closed",
    description: `${AS_GET("/v1/disputes/{id}")} A lost dispute's benefit revocations come first.`,
    data: disputeSchema,
  },
  "subscription.created": {
    summary: "A subscription was created by a recurring purchase",
    description: AS_GET("/v1/subscriptions/{id}"),
    data: subscriptionWithRelationsSchema,
  },
  "subscription.active": {
    summary: "A subscription became active (new, or a past_due one paid again)",
    description: AS_GET("/v1/subscriptions/{id}"),
    data: subscriptionWithRelationsSchema,
  },
  "subscription.updated": {
    summary: "A subscription changed: renewal, past_due, cancellation, payment method",
    description: AS_GET("/v1/subscriptions/{id}"),
    data: subscriptionWithRelationsSchema,
  },
  "subscription.canceled": {
    summary: "A cancellation was scheduled, or the subscription ended canceled",
    description: AS_GET("/v1/subscriptions/{id}"),
    data: subscriptionWithRelationsSchema,
  },
  "subscription.uncanceled": {
    summary: "A scheduled cancellation was taken back",
    description: AS_GET("/v1/subscriptions/{id}"),
    data: subscriptionWithRelationsSchema,
  },
  "subscription.revoked": {
    summary: "A subscription ended and its benefits were revoked",
    description: AS_GET("/v1/subscriptions/{id}"),
    data: subscriptionWithRelationsSchema,
  },
  "benefit_grant.created": {
    summary: "A benefit was granted to a customer (one per benefit of an order)",
    description: "`data` is the grant with its customer and benefit in full.",
    data: benefitGrantSchema,
  },
  "benefit_grant.revoked": {
    summary: "A benefit grant was revoked (its subscription ended, or a refund revoked it)",
    description: "`data` is the grant with its customer and benefit in full.",
    data: benefitGrantSchema,
  },
  "license_key.created": {
    summary: "A license key was issued by a grant",
    description: AS_GET("/v1/license-keys/{id}"),
    data: licenseKeyWithActivationsSchema,
  },
  "license_key.updated": {
    summary: "A license key was changed, rotated or revoked",
    description: `${AS_GET("/v1/license-keys/{id}")} Validations and activations are not events.`,
    data: licenseKeyWithActivationsSchema,
  },
  "customer.created": {
    summary: "A customer was created (API, or a purchase by a new email)",
    description: AS_GET("/v1/customers/{id}"),
    data: customerResourceSchema,
  },
  "customer.updated": {
    summary: "A customer changed, or was deleted (its last state, `deleted_at` set)",
    description: AS_GET("/v1/customers/{id}"),
    data: customerResourceSchema,
  },
  "webhook.test": {
    summary: 'The endpoint\'s "Send test event" action (sent to that endpoint only)',
    description: "Not subscribable: `POST /v1/webhooks/endpoints/{id}/test` sends it.",
    data: webhookTestEventDataSchema,
  },
};

export const DOCUMENTED_WEBHOOKS: DocumentedWebhook[] = DELIVERED_EVENT_TYPES.map((type) => ({
  type,
  ...EVENTS[type],
}));
