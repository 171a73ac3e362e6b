"use client";
// react-query hooks of the hosted checkout, one key family: ["checkouts", "detail" | "benefits",
// clientSecret]. Every write puts the server's answer in the detail cache; nothing retries a 4xx.
import { useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CheckoutRequestError,
  confirmCheckout,
  getCheckout,
  getCheckoutBenefits,
  updateCheckout,
  type CheckoutView,
  type ConfirmCheckoutBody,
  type UpdateCheckoutBody,
} from "./api";

export const checkoutKeys = {
  all: ["checkouts"] as const,
  detail: (clientSecret: string) => [...checkoutKeys.all, "detail", clientSecret] as const,
  benefits: (clientSecret: string) => [...checkoutKeys.all, "benefits", clientSecret] as const,
};

function retryServerErrors(failureCount: number, error: unknown) {
  const status = error instanceof CheckoutRequestError ? error.status : 0;
  return !(status >= 400 && status < 500) && failureCount < 3;
}

/**
 * How often to ask whether a confirmed session has been processed: processing usually takes a
 * fraction of a second, so quickly at first, then backing off if it is slow.
 */
export function processingPollMs(elapsedMs: number): number {
  if (elapsedMs < 10_000) return 300;
  if (elapsedMs < 60_000) return 1_000;
  return 5_000;
}

/** The session, first painted by the server; polled only while it is `confirmed` (processing). */
export function useCheckout(clientSecret: string, initialData: CheckoutView) {
  const pollingSince = useRef<number | null>(null);
  return useQuery({
    queryKey: checkoutKeys.detail(clientSecret),
    queryFn: () => getCheckout(clientSecret),
    initialData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      if (query.state.data?.status !== "confirmed") {
        pollingSince.current = null;
        return false;
      }
      pollingSince.current ??= Date.now();
      return processingPollMs(Date.now() - pollingSince.current);
    },
  });
}

/** The buyer's changes (PATCH); the answer's amounts replace the cached session's. */
export function useUpdateCheckout(clientSecret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCheckoutBody) => updateCheckout(clientSecret, body),
    retry: false,
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKeys.detail(clientSecret), checkout),
  });
}

/** Pay: confirm with one idempotency key per attempt, so a replayed request cannot confirm twice. */
export function useConfirmCheckout(clientSecret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ConfirmCheckoutBody; idempotencyKey: string }) =>
      confirmCheckout(clientSecret, body, idempotencyKey),
    retry: false,
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKeys.detail(clientSecret), checkout),
  });
}

/** What the buyer received (license keys in full); the route answers only once the session succeeded. */
export function useCheckoutBenefits(clientSecret: string, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.benefits(clientSecret),
    queryFn: () => getCheckoutBenefits(clientSecret),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
}
