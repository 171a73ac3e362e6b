"use client";
// Organization access tokens over /v1/organization-access-tokens (signed-in merchants only): the
// list, creation (the token itself is in that one response) and revocation.
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type * as tokens from "@/lib/access-tokens/schemas";
import { useChangingMutation } from "./resource";
import { apiFetch, type Page } from "@/components/api-client";

export type AccessToken = z.input<typeof tokens.accessTokenSchema>;
export type CreateAccessToken = z.input<typeof tokens.createAccessTokenBody>;
export type CreatedAccessToken = z.input<typeof tokens.createdAccessTokenSchema>;

export const accessTokenKeys = {
  all: ["access-tokens"] as const,
  list: (organizationId: string) => ["access-tokens", "list", organizationId] as const,
  page: (organizationId: string, page: number, limit: number) =>
    ["access-tokens", "list", organizationId, { page, limit }] as const,
};

export function useAccessTokens(organizationId: string, page: number, limit: number) {
  return useQuery({
    queryKey: accessTokenKeys.page(organizationId, page, limit),
    queryFn: ({ signal }) =>
      apiFetch<Page<AccessToken>>("/v1/organization-access-tokens", {
        query: { organization_id: organizationId, page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateAccessToken(organizationId: string) {
  return useChangingMutation(
    (body: CreateAccessToken) =>
      apiFetch<CreatedAccessToken>("/v1/organization-access-tokens", { method: "POST", body }),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: accessTokenKeys.list(organizationId) }),
  );
}

export function useRevokeAccessToken(organizationId: string) {
  return useChangingMutation(
    (id: string) =>
      apiFetch<void>(`/v1/organization-access-tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: accessTokenKeys.list(organizationId) }),
  );
}
