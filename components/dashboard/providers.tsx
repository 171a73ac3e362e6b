"use client";
// One QueryClient per page load. Permanent failures (401/403/404/422) are never retried; a 401 on
// any request refreshes the session query, whose failure sends the merchant to sign-in.
import { useState, type ReactNode } from "react";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { isPermanent, isUnauthenticated } from "./api";
import { sessionKeys } from "./hooks/session";
import { Toaster } from "./ui/toast";

export function DashboardProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const onError = (error: unknown) => {
      if (isUnauthenticated(error)) void client.invalidateQueries({ queryKey: sessionKeys.all });
    };
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: {
          staleTime: 15_000,
          refetchOnWindowFocus: false,
          retry: (failures, error) => !isPermanent(error) && failures < 2,
        },
        mutations: { retry: false },
      },
    });
    return client;
  });
  return (
    <QueryClientProvider client={client}>
      <Toaster>{children}</Toaster>
    </QueryClientProvider>
  );
}
