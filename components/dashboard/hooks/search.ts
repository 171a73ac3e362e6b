"use client";
// The search box's answers over GET /v1/search (customers, orders, license keys of one organization).
import type { z } from "zod";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { searchResultsSchema } from "@/lib/search/schemas";
import { apiFetch } from "@/components/api-client";

export type SearchResults = z.input<typeof searchResultsSchema>;

/** The API's bound on the text; the box stops typing there. */
export const SEARCH_MAX_LENGTH = 128;

export const searchKeys = {
  all: ["search"] as const,
  results: (organization_id: string, query: string) => ["search", organization_id, query] as const,
};

/** Results for `query` (trimmed; nothing is asked for an empty text). */
export function useSearch(organization_id: string, query: string) {
  const text = query.trim();
  return useQuery({
    queryKey: searchKeys.results(organization_id, text),
    queryFn: ({ signal }) =>
      apiFetch<SearchResults>("/v1/search", { query: { organization_id, query: text }, signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
