"use client";
// Refunds: an order's refunds (polled while one is pending, since the processor answers after the
// request) and the refund action, which refreshes the order and its refunds.
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import type { createRefundBody, refundSchema } from "@/lib/refunds/schemas";
import { useChangingMutation } from "./resource";
import { apiFetch, type Page } from "@/components/api-client";
import { orderKeys } from "./orders";

export type Refund = z.input<typeof refundSchema>;
export type CreateRefund = z.input<typeof createRefundBody>;

export const refundKeys = {
  all: ["refunds"] as const,
  list: (params: { order_id: string }) => ["refunds", "list", params] as const,
};

/** How often an order's refunds are read again while one waits for the processor. */
const PENDING_POLL_MS = 1000;

export function useOrderRefunds(orderId: string) {
  return useQuery({
    queryKey: refundKeys.list({ order_id: orderId }),
    queryFn: ({ signal }) =>
      apiFetch<Page<Refund>>("/v1/refunds/", { query: { order_id: orderId, limit: 100 }, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((refund) => refund.status === "pending") ? PENDING_POLL_MS : false,
  });
}

export function useCreateRefund(orderId: string) {
  return useChangingMutation(
    (body: CreateRefund) => apiFetch<Refund>("/v1/refunds/", { method: "POST", body }),
    (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  );
}
