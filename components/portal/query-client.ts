// The portal's QueryClient: permanent failures (401/403/404/422) are never retried, and a 401 from
// any query or action means the customer session is over (expired, signed out in another tab, or
// revoked by the merchant): the portal goes back to sign-in once, whatever asked.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isPermanent, isUnauthenticated } from "@/components/api-client";

export function createPortalQueryClient(onUnauthenticated: (client: QueryClient) => void): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) onUnauthenticated(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !isPermanent(error) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
