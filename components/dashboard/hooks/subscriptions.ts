"use client";
// Subscriptions over /v1/subscriptions/ (the list with its filters and sorting; read-only here).
import type { z } from "zod";
import type { subscriptionWithRelationsSchema } from "@/lib/subscriptions/read";
import { resourceHooks } from "./resource";

export type SubscriptionResource = z.input<typeof subscriptionWithRelationsSchema>;

export const subscriptions = resourceHooks<SubscriptionResource, never, never>(
  "subscriptions",
  "/v1/subscriptions/",
);
