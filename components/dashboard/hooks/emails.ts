"use client";
// Emails to buyers over /v1/emails/: the list (no bodies) and one email with its two parts.
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { emailDetailSchema, emailSchema } from "@/lib/email/schemas";
import { apiFetch, type Page } from "@/components/api-client";

export type EmailSummary = z.input<typeof emailSchema>;
export type EmailDetail = z.input<typeof emailDetailSchema>;

export type EmailListParams = {
  organization_id: string;
  status?: string;
  sorting: string[];
  page: number;
  limit: number;
};

export const emailKeys = {
  all: ["emails"] as const,
  list: (params: EmailListParams) => ["emails", "list", params] as const,
  detail: (id: string) => ["emails", "detail", id] as const,
};

export function useEmails(params: EmailListParams) {
  return useQuery({
    queryKey: emailKeys.list(params),
    queryFn: ({ signal }) => apiFetch<Page<EmailSummary>>("/v1/emails/", { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmail(id: string) {
  return useQuery({
    queryKey: emailKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<EmailDetail>(`/v1/emails/${encodeURIComponent(id)}`, { signal }),
  });
}
