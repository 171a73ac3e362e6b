"use client";
// Disputes over /v1/disputes/ (processors report them, lib/disputes/record.ts; the merchant may
// concede one: POST /v1/disputes/{id}/accept).
import type { z } from "zod";
import { apiFetch } from "@/components/api-client";
import type { disputeSchema } from "@/lib/disputes/schemas";
import { resourceHooks, useChangingMutation } from "./resource";

export type DisputeResource = z.input<typeof disputeSchema>;

export const disputes = resourceHooks<DisputeResource>("disputes", "/v1/disputes/");

/** Concedes a dispute: the processor closes it as lost; the lists read it again. */
export function useAcceptDispute() {
  return useChangingMutation(
    (id: string) =>
      apiFetch<DisputeResource>(`/v1/disputes/${encodeURIComponent(id)}/accept`, { method: "POST" }),
    (queryClient, dispute) => {
      queryClient.setQueryData(disputes.keys.detail(dispute.id), dispute);
      void queryClient.invalidateQueries({ queryKey: disputes.keys.lists });
    },
  );
}
