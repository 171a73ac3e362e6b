"use client";
// Subscriptions over /v1/subscriptions/: the list with its filters and sorting, and the merchant's
// changes (PATCH: cancel at period end, take it back, revoke; DELETE: revoke), which refresh the
// lists and the detail next to the mutation, and its dunning view (payment attempts).
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, searchString } from "@/components/api-client";
import type { subscriptionDunningSchema } from "@/lib/subscriptions/dunning-view";
import type { subscriptionWithRelationsSchema } from "@/lib/subscriptions/read";
import type { planChangePreviewSchema, updateSubscriptionBody } from "@/lib/subscriptions/schemas";
import { resourceHooks } from "./resource";

export type SubscriptionResource = z.input<typeof subscriptionWithRelationsSchema>;
export type UpdateSubscription = z.input<typeof updateSubscriptionBody>;

export const subscriptions = resourceHooks<SubscriptionResource, never, UpdateSubscription>(
  "subscriptions",
  "/v1/subscriptions/",
);

/** The CSV download of every subscription the list's filters match, newest first (no pagination). */
export function subscriptionsExportUrl(params: {
  organization_id: string;
  status?: string;
  active?: boolean;
}): string {
  const { organization_id, status, active } = params;
  return "/v1/subscriptions/export" + searchString({ organization_id, status, active });
}

export type SubscriptionDunning = z.input<typeof subscriptionDunningSchema>;

/** The subscription's payment attempts and next retry (GET /v1/subscriptions/{id}/dunning). */
export function useSubscriptionDunning(id: string) {
  return useQuery({
    queryKey: [...subscriptions.keys.detail(id), "dunning"],
    queryFn: ({ signal }) =>
      apiFetch<SubscriptionDunning>(`/v1/subscriptions/${encodeURIComponent(id)}/dunning`, { signal }),
  });
}

export type PlanChangePreview = z.input<typeof planChangePreviewSchema>;

/** What moving the subscription to `productId` would charge (GET …/plan-change-preview); off until chosen. */
export function usePlanChangePreview(id: string, productId: string, behavior: string) {
  return useQuery({
    queryKey: [...subscriptions.keys.detail(id), "plan-change-preview", productId, behavior],
    queryFn: ({ signal }) =>
      apiFetch<PlanChangePreview>(`/v1/subscriptions/${encodeURIComponent(id)}/plan-change-preview`, {
        query: { product_id: productId, proration_behavior: behavior },
        signal,
      }),
    enabled: productId !== "",
    retry: false,
  });
}
