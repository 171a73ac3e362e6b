"use client";
// An order's invoice and credit notes (docs/invoices.md): GET /v1/orders/{id}/invoices, and
// "Generate invoice" (POST /v1/orders/{id}/invoice), which refreshes the order (its billing details
// lock) and the list. A refund's credit note is issued by a job: while the order has refunds and
// its invoice fewer credit notes than that, the list is read again every two seconds.
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import type { orderDocumentsSchema, orderInvoiceSchema } from "@/lib/invoices/orders";
import { apiFetch } from "@/components/api-client";
import { useChangingMutation } from "./resource";
import { orderKeys } from "./orders";

export type OrderDocuments = z.input<typeof orderDocumentsSchema>;
export type OrderDocument = OrderDocuments["items"][number];
type OrderInvoiceLink = z.input<typeof orderInvoiceSchema>;

const CREDIT_NOTE_POLL_MS = 2000;

// Under the order's key: refreshing the order (after a refund) refreshes its documents too.
const documentsKey = (orderId: string) => [...orderKeys.detail(orderId), "invoices"] as const;

export function useOrderDocuments(
  orderId: string,
  awaitingCreditNote: (documents: OrderDocuments) => boolean,
) {
  return useQuery({
    queryKey: documentsKey(orderId),
    queryFn: ({ signal }) =>
      apiFetch<OrderDocuments>(`/v1/orders/${encodeURIComponent(orderId)}/invoices`, { signal }),
    refetchInterval: (query) =>
      query.state.data && awaitingCreditNote(query.state.data) ? CREDIT_NOTE_POLL_MS : false,
  });
}

export function useGenerateInvoice(orderId: string) {
  return useChangingMutation(
    () => apiFetch<OrderInvoiceLink>(`/v1/orders/${encodeURIComponent(orderId)}/invoice`, { method: "POST" }),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  );
}
