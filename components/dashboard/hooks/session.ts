"use client";
// The signed-in merchant: who they are, their organizations, sign-in and sign-out.
import type { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { sessionViewSchema, signInBody } from "@/lib/auth/schemas";
import { apiFetch, isUnauthenticated } from "@/components/api-client";
import { sessionKeys } from "./session-keys";

export type SessionView = z.input<typeof sessionViewSchema>;
export type SessionOrganization = SessionView["organizations"][number];
export type SignInBody = z.input<typeof signInBody>;

export { sessionKeys };

export function useSession() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => apiFetch<SessionView>("/v1/auth/session", { signal }),
    staleTime: 60_000,
    retry: (failures, error) => !isUnauthenticated(error) && failures < 2,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    // Under the session's key: its 401 is a wrong password, not a session that ended.
    mutationKey: [...sessionKeys.all, "sign-in"],
    mutationFn: (body: SignInBody) => apiFetch<SessionView>("/v1/auth/sign-in", { method: "POST", body }),
    onSuccess: (view) => {
      // A new session: nothing cached under the previous one may be shown.
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.all, view);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionKeys.all, "sign-out"],
    mutationFn: () => apiFetch<void>("/v1/auth/sign-out", { method: "POST" }),
    onSettled: () => queryClient.clear(),
  });
}
