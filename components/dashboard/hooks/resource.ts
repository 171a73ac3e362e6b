"use client";
// react-query hooks for one /v1 resource with the usual routes (list at `base`, or `listPath` where
// the API spells it without the slash; one at `base/{id}`): keys `[domain, "list" | "detail", …]`,
// invalidation next to the mutations. A page keeps showing the previous list page while the next
// one loads. `Detail` is what one item's route answers when it says more than the list (a license
// key with its activations).
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { apiFetch, type Page, type QueryValue } from "@/components/api-client";

export type ListParams = Record<string, QueryValue> & { organization_id: string };

/** How the dashboard names a resource from its domain ("checkout-links"): its list's path
 * ("/checkout-links"), its title ("Checkout links") and one of it ("checkout link"). */
export function resourceNames(domain: string) {
  const plural = domain.replace(/-/g, " ");
  return {
    path: `/${domain}`,
    title: plural.charAt(0).toUpperCase() + plural.slice(1),
    noun: plural.replace(/s$/, ""),
  };
}

export function resourceHooks<
  T extends { id: string },
  Create = never,
  Update = never,
  Detail extends { id: string } = T,
>(domain: string, base: string, options: { listPath?: string } = {}) {
  const listPath = options.listPath ?? base;
  const keys = {
    all: [domain] as const,
    lists: [domain, "list"] as const,
    list: (params: ListParams) => [domain, "list", params] as const,
    detail: (id: string) => [domain, "detail", id] as const,
  };
  const one = (id: string) => `${base}${encodeURIComponent(id)}`;

  function useList(params: ListParams, options: { enabled?: boolean } = {}) {
    return useQuery({
      queryKey: keys.list(params),
      queryFn: ({ signal }) => apiFetch<Page<T>>(listPath, { query: params, signal }),
      placeholderData: keepPreviousData,
      enabled: options.enabled,
    });
  }

  function useOne(id: string) {
    return useQuery({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => apiFetch<Detail>(one(id), { signal }),
    });
  }

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: Create) => apiFetch<Detail>(base, { method: "POST", body }),
      onSuccess: (created) => {
        queryClient.setQueryData(keys.detail(created.id), created);
        void queryClient.invalidateQueries({ queryKey: keys.lists });
      },
    });
  }

  function useUpdate(id: string) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: Update) => apiFetch<Detail>(one(id), { method: "PATCH", body }),
      onSuccess: (updated) => {
        queryClient.setQueryData(keys.detail(id), updated);
        void queryClient.invalidateQueries({ queryKey: keys.lists });
      },
    });
  }

  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: string) => apiFetch<void>(one(id), { method: "DELETE" }),
      onSuccess: (_result, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: keys.lists });
      },
    });
  }

  return { domain, keys, useList, useOne, useCreate, useUpdate, useDelete };
}

/**
 * A mutation that, once it succeeds, updates or invalidates what it changed: `after` gets the
 * query client, the answer and the variables.
 */
export function useChangingMutation<Vars, Result>(
  mutationFn: (vars: Vars) => Promise<Result>,
  after: (queryClient: QueryClient, result: Result, vars: Vars) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result: Result, vars: Vars) => after(queryClient, result, vars),
  });
}
