"use client";
// The order page's activity: GET /v1/orders/{id}/timeline (keys, payments, what happened), read
// again every second while a receipt waits for the worker, and "Resend receipt"
// (POST /v1/orders/{id}/receipt), which refreshes it.
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import type { orderTimelineSchema } from "@/lib/orders/timeline";
import type { resendReceiptSchema } from "@/lib/orders/resend-receipt";
import { useChangingMutation } from "./resource";
import { apiFetch } from "@/components/api-client";
import { orderKeys } from "./orders";

export type OrderTimeline = z.input<typeof orderTimelineSchema>;
export type TimelineEntry = OrderTimeline["entries"][number];
export type ResendReceipt = z.input<typeof resendReceiptSchema>;

const QUEUED_POLL_MS = 1000;

// Under the order's key: refreshing the order (after a refund) refreshes its timeline too.
const timelineKey = (orderId: string) => [...orderKeys.detail(orderId), "timeline"] as const;

export function useOrderTimeline(orderId: string) {
  return useQuery({
    queryKey: timelineKey(orderId),
    queryFn: ({ signal }) =>
      apiFetch<OrderTimeline>(`/v1/orders/${encodeURIComponent(orderId)}/timeline`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.entries.some((entry) => entry.type === "email" && entry.status === "queued")
        ? QUEUED_POLL_MS
        : false,
  });
}

export function useResendReceipt(orderId: string) {
  return useChangingMutation(
    () => apiFetch<ResendReceipt>(`/v1/orders/${encodeURIComponent(orderId)}/receipt`, { method: "POST" }),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: timelineKey(orderId) }),
  );
}
