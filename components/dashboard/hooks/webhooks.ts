"use client";
// Webhook endpoints over /v1/webhooks/endpoints (list, one, create, update, delete, rotate the
// secret, send a test event) and their deliveries over /v1/webhooks/deliveries (list, redeliver).
// The secret answered by create and rotate never enters the endpoint's cached detail: it is kept
// apart (`webhookKeys.revealedSecret`) for the endpoint's page, which shows it once and drops it.
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiFetch, type Page } from "@/components/api-client";
import type {
  CreateWebhookEndpoint,
  RedeliverResult,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryListParams,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "../webhooks/types";
import { resourceHooks, useChangingMutation } from "./resource";

const ENDPOINTS = "/v1/webhooks/endpoints/";
const endpointPath = (id: string) => `${ENDPOINTS}${encodeURIComponent(id)}`;

export const webhookEndpoints = resourceHooks<WebhookEndpoint, CreateWebhookEndpoint, UpdateWebhookEndpoint>(
  "webhook-endpoints",
  ENDPOINTS,
);

export const webhookKeys = {
  ...webhookEndpoints.keys,
  deliveries: ["webhook-endpoints", "deliveries"] as const,
  deliveryList: (params: WebhookDeliveryListParams) => ["webhook-endpoints", "deliveries", params] as const,
  /** A new endpoint's secret waiting for its page; under its own root, so no invalidation touches it. */
  revealedSecret: (id: string) => ["webhook-secret", id] as const,
};

export type RevealedSecret = { secret: string; previous_secret_expires_at: string | null };

/** Caches the answer of create or rotate without its secret (the caller shows that once). */
export function cacheWithoutSecret(queryClient: QueryClient, answer: WebhookEndpointWithSecret): void {
  const { secret: _secret, ...endpoint } = answer;
  queryClient.setQueryData<WebhookEndpoint>(webhookKeys.detail(endpoint.id), endpoint);
  void queryClient.invalidateQueries({ queryKey: webhookKeys.lists });
}

/** The secret waiting for this endpoint's page, if any. */
export function peekRevealedSecret(queryClient: QueryClient, id: string): RevealedSecret | null {
  return queryClient.getQueryData<RevealedSecret>(webhookKeys.revealedSecret(id)) ?? null;
}

/** Drops it once shown: it is shown once, and a later visit or reload shows none. */
export function forgetRevealedSecret(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: webhookKeys.revealedSecret(id), exact: true });
}

export function useCreateWebhookEndpoint() {
  return useChangingMutation(
    (body: CreateWebhookEndpoint) => apiFetch<WebhookEndpointWithSecret>(ENDPOINTS, { method: "POST", body }),
    (queryClient, answer) => rememberCreatedEndpoint(queryClient, answer),
  );
}

/** After create: the endpoint cached, its secret kept for the endpoint's page (where the form goes). */
export function rememberCreatedEndpoint(queryClient: QueryClient, answer: WebhookEndpointWithSecret): void {
  cacheWithoutSecret(queryClient, answer);
  queryClient.setQueryData<RevealedSecret>(webhookKeys.revealedSecret(answer.id), {
    secret: answer.secret,
    previous_secret_expires_at: answer.previous_secret_expires_at,
  });
}

export function useRotateWebhookSecret(id: string) {
  return useChangingMutation(
    () =>
      apiFetch<WebhookEndpointWithSecret>(`${endpointPath(id)}/rotate-secret`, { method: "POST", body: {} }),
    (queryClient, answer) => cacheWithoutSecret(queryClient, answer),
  );
}

/** While a shown delivery waits for an attempt, the list asks again this often. */
export const PENDING_POLL_MS = 3_000;

export function useWebhookDeliveries(params: WebhookDeliveryListParams) {
  return useQuery({
    queryKey: webhookKeys.deliveryList(params),
    queryFn: ({ signal }) =>
      apiFetch<Page<WebhookDelivery>>("/v1/webhooks/deliveries", { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === "pending") ? PENDING_POLL_MS : false,
  });
}

/** A delivery's outcome changes the endpoint too (failing since, disabled): both refetch. */
function refreshDeliveries(queryClient: QueryClient, endpointId: string) {
  void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries });
  void queryClient.invalidateQueries({ queryKey: webhookKeys.detail(endpointId) });
}

/** A POST about the endpoint's deliveries; the deliveries and the endpoint refetch after it. */
function useDeliveryPost<Arg, Result>(endpointId: string, path: (arg: Arg) => string) {
  return useChangingMutation(
    (arg: Arg) => apiFetch<Result>(path(arg), { method: "POST", body: {} }),
    (queryClient) => refreshDeliveries(queryClient, endpointId),
  );
}

/** "Send test": a ping event to this endpoint (POST /v1/webhooks/endpoints/{id}/test). */
export const useSendTestWebhook = (endpointId: string) =>
  useDeliveryPost<void, WebhookDelivery>(endpointId, () => `${endpointPath(endpointId)}/test`);

/** "Redeliver": the event again to its endpoints (POST /v1/webhooks/events/{id}/redeliver). */
export const useRedeliverWebhookEvent = (endpointId: string) =>
  useDeliveryPost<string, RedeliverResult>(
    endpointId,
    (eventId) => `/v1/webhooks/events/${encodeURIComponent(eventId)}/redeliver`,
  );

/** "Retry now": the delivery is sent at once (POST /v1/webhooks/deliveries/{id}/retry). */
export const useRetryWebhookDelivery = (endpointId: string) =>
  useDeliveryPost<string, WebhookDelivery>(
    endpointId,
    (deliveryId) => `/v1/webhooks/deliveries/${encodeURIComponent(deliveryId)}/retry`,
  );
