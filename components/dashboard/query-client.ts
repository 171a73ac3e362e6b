// The dashboard's QueryClient. Permanent failures (401/403/404/422) are never retried. A 401 on
// any request but the session check means the session may have ended elsewhere (signed out in
// another tab, expired): the session query is checked once, and its 401 sends the shell to
// sign-in. The session check's own 401 is that answer and must never ask again, or a signed-out
// page would loop on it.
import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { isPermanent, isUnauthenticated } from "@/components/api-client";
import { sessionKeys } from "./hooks/session-keys";

function isSessionKey(key: QueryKey | undefined): boolean {
  return key?.[0] === sessionKeys.all[0];
}

function recheckSession(client: QueryClient, error: unknown, key: QueryKey | undefined) {
  if (!isUnauthenticated(error) || isSessionKey(key)) return;
  const session = client.getQueryState(sessionKeys.all);
  // Already being checked, or already known to be over: one check answers every failed query.
  if (session?.fetchStatus === "fetching" || isUnauthenticated(session?.error)) return;
  void client.invalidateQueries({ queryKey: sessionKeys.all, exact: true }, { cancelRefetch: false });
}

export function createDashboardQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => recheckSession(client, error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        recheckSession(client, error, mutation.options.mutationKey),
    }),
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
}
