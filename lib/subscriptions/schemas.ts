import { z } from "zod";
import type { Subscription } from "../generated/prisma/client";
import { dateTime, timestamps } from "../core/schemas";
import { metadataOut, metadataSchema } from "../core/metadata";
import { dateTime as dateTimeInput, id } from "../core/validation";

export const subscriptionSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  amount: z.number().int(),
  currency: z.string(),
  recurring_interval: z.enum(["month", "year"]),
  status: z.enum([
    "incomplete",
    "incomplete_expired",
    "trialing",
    "active",
    "past_due",
    "canceled",
    "unpaid",
  ]),
  current_period_start: dateTime,
  current_period_end: dateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: dateTime.nullable(),
  started_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  ended_at: dateTime.nullable(),
  customer_id: z.string(),
  product_id: z.string(),
  price_id: z.string(),
  discount_id: z.string().nullable(),
  checkout_id: z.string().nullable(),
  customer_cancellation_reason: z
    .enum([
      "customer_service",
      "low_quality",
      "missing_features",
      "switched_service",
      "too_complex",
      "too_expensive",
      "unused",
      "other",
    ])
    .nullable(),
  customer_cancellation_comment: z.string().nullable(),
  /** Legacy: equal to customer_id. */
  user_id: z.string(),
  // The current reference API's fields (docs/polar-sdk.md), for what is not offered yet here:
  /** Billed every 1 month or year. */
  recurring_interval_count: z.literal(1),
  /** Trials are not offered yet: null. */
  trial_start: dateTime.nullable(),
  trial_end: dateTime.nullable(),
  /** Pausing is not offered: false and null. */
  pause_at_period_end: z.literal(false),
  paused_at: z.null(),
  resumes_at: z.null(),
  /** Metered billing, units and seats are not offered: null. */
  current_meter_period_start: z.null(),
  current_meter_period_end: z.null(),
  units: z.null(),
});

export function toSubscription(row: Subscription) {
  return {
    ...row,
    metadata: row.metadata as Record<string, string | number | boolean>,
    user_id: row.customer_id,
    recurring_interval_count: 1 as const,
    pause_at_period_end: false as const,
    paused_at: null,
    resumes_at: null,
    current_meter_period_start: null,
    current_meter_period_end: null,
    units: null,
  };
}

export const CANCELLATION_COMMENT_MAX = 2000;

/** A plan change waiting for the subscription's next renewal. */
export const pendingUpdateSchema = z.object({
  id: z.string(),
  ...timestamps,
  applies_at: dateTime,
  product_id: z.string().nullable(),
  /** Seats and units are not offered: null. */
  seats: z.null(),
  units: z.null(),
});

/** How a plan change is charged (docs/subscriptions.md "Plan changes"); default: the organization's. */
export const prorationBehaviorSchema = z.enum(["invoice", "prorate", "next_period"]);

/** A move to another product, now or at the next renewal. */
export const planChangeBody = z.strictObject({
  product_id: id(),
  proration_behavior: prorationBehaviorSchema.nullish(),
});

/** What a plan change would do (GET …/plan-change-preview), as it would apply now. */
export const planChangePreviewSchema = z.object({
  product_id: z.string(),
  proration_behavior: prorationBehaviorSchema,
  applies_at: dateTime,
  proration_amount: z.number().int(),
  due_now: z.object({ subtotal: z.number().int(), tax: z.number().int(), total: z.number().int() }),
  next_renewal: z.object({
    at: dateTime.nullable(),
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
  }),
});

/** The preview's query: the product and the behavior a PATCH would send. */
export const planChangePreviewQuery = z.object({
  product_id: id(),
  proration_behavior: prorationBehaviorSchema.optional(),
});

/**
 * PATCH /v1/subscriptions/{id}: either schedule (true) or take back (false) the cancellation at the
 * period's end, with the customer's reason and comment, or `{revoke: true}` to end it now, or move
 * it to another product (`product_id`, with `proration_behavior`), or move the current period's end
 * (`current_billing_period_end`), a trial's end (`trial_end`, a date or "now"), or drop a
 * scheduled plan change (`pending_update: null`).
 */
export const updateSubscriptionBody = z.union([
  planChangeBody,
  z.strictObject({
    cancel_at_period_end: z.boolean(),
    customer_cancellation_reason: subscriptionSchema.shape.customer_cancellation_reason.optional(),
    customer_cancellation_comment: z.string().trim().max(CANCELLATION_COMMENT_MAX).nullable().optional(),
    /**
     * Not revoking (the reference's SubscriptionCancel): the specification's era SDK sends
     * `revoke: true` by default, so its callers pass null to schedule a cancellation.
     */
    revoke: z.null().optional(),
  }),
  z.strictObject({ revoke: z.literal(true) }),
  // The merchant's adjustments (./adjust.ts): the period's end, the trial's end, a scheduled change dropped.
  z.strictObject({ current_billing_period_end: dateTimeInput }),
  z.strictObject({ trial_end: z.union([z.literal("now"), dateTimeInput]) }),
  z.strictObject({ pending_update: z.null() }),
]);
export type UpdateSubscriptionBody = z.output<typeof updateSubscriptionBody>;

/**
 * POST /v1/subscriptions/ (./create.ts): a free recurring product for one customer, named by our id
 * (`customer_id`) or the merchant's (`external_customer_id`), exactly one of them.
 */
export const createSubscriptionBody = z
  .object({
    product_id: id(),
    customer_id: id().nullish(),
    external_customer_id: z.string().trim().min(1).max(255).nullish(),
    metadata: metadataSchema.default({}),
  })
  .superRefine(
    (body, ctx) => {
      const byId = body.customer_id != null;
      const byExternalId = body.external_customer_id != null;
      if (byId !== byExternalId) return;
      ctx.addIssue({
        code: "custom",
        path: [byId ? "external_customer_id" : "customer_id"],
        message: byId
          ? "Give only one of customer_id or external_customer_id."
          : "One of customer_id or external_customer_id is required.",
        params: { type: byId ? "value_error" : "missing" },
        input: byId ? body.external_customer_id : undefined,
      });
    },
    // Also when other fields failed, so the 422 lists every problem at once (not on a non-object).
    { when: ({ value }) => typeof value === "object" && value !== null && !Array.isArray(value) },
  );
export type CreateSubscriptionBody = z.output<typeof createSubscriptionBody>;
