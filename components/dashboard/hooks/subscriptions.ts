"use client";
// Subscriptions over /v1/subscriptions/: the list with its filters and sorting, and the merchant's
// changes (PATCH: cancel at period end, take it back, revoke; DELETE: revoke), which refresh the
// lists and the detail next to the mutation.
import type { z } from "zod";
import type { subscriptionWithRelationsSchema } from "@/lib/subscriptions/read";
import type { updateSubscriptionBody } from "@/lib/subscriptions/schemas";
import { resourceHooks } from "./resource";

export type SubscriptionResource = z.input<typeof subscriptionWithRelationsSchema>;
export type UpdateSubscription = z.input<typeof updateSubscriptionBody>;

export const subscriptions = resourceHooks<SubscriptionResource, never, UpdateSubscription>(
  "subscriptions",
  "/v1/subscriptions/",
);
