"use client";
// Customer portal sessions minted by the merchant (POST /v1/customer-sessions/): the token and the
// portal URL that signs in with it. Nothing to cache: each use mints a new, short-lived session.
import type { z } from "zod";
import { useMutation } from "@tanstack/react-query";
import type { customerSessionSchema } from "@/lib/customer-portal/schemas";
import { apiFetch } from "@/components/api-client";

export type CustomerSession = z.input<typeof customerSessionSchema>;

export function useCreateCustomerSession() {
  return useMutation({
    mutationFn: (customerId: string) =>
      apiFetch<CustomerSession>("/v1/customer-sessions/", {
        method: "POST",
        body: { customer_id: customerId },
      }),
  });
}
