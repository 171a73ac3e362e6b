"use client";
// License keys over /v1/license-keys: the list (filters, sorting, page), one key with its current
// activations, one activation, and the merchant's changes (status, limits, usage, expiry, rotation).
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import type * as keys from "@/lib/license-keys/schemas";
import { apiFetch } from "@/components/api-client";
import { resourceHooks, useChangingMutation } from "./resource";

export type LicenseKey = z.input<typeof keys.merchantLicenseKeySchema>;
export type LicenseKeyDetail = z.input<typeof keys.licenseKeyWithActivationsSchema>;
export type Activation = z.input<typeof keys.activationSchema>;
export type UpdateLicenseKey = z.input<typeof keys.updateLicenseKeyBody>;

export type LicenseKeyListParams = {
  organization_id: string;
  benefit_id?: string;
  customer_id?: string;
  status?: string;
  /** The whole key or its last characters. */
  query?: string;
  sorting: string[];
  page: number;
  limit: number;
};

const licenseKeys = resourceHooks<LicenseKey, never, never, LicenseKeyDetail>(
  "license-keys",
  "/v1/license-keys/",
  { listPath: "/v1/license-keys" },
);

export const licenseKeyKeys = {
  ...licenseKeys.keys,
  activations: (keyId: string) => ["license-keys", "activation", keyId] as const,
  activation: (keyId: string, activationId: string) =>
    ["license-keys", "activation", keyId, activationId] as const,
};

/** A page of keys (filters, sorting), and one key with its current activations. */
export const { useList: useLicenseKeys, useOne: useLicenseKey } = licenseKeys;

export function useActivation(keyId: string, activationId: string) {
  return useQuery({
    queryKey: licenseKeyKeys.activation(keyId, activationId),
    queryFn: ({ signal }) =>
      apiFetch<Activation>(
        `/v1/license-keys/${encodeURIComponent(keyId)}/activations/${encodeURIComponent(activationId)}`,
        { signal },
      ),
  });
}

/** PATCH the key; afterwards the detail shows the answer and every list and activation refetches. */
export function useUpdateLicenseKey(id: string) {
  return useChangingMutation(
    (body: UpdateLicenseKey) =>
      apiFetch<LicenseKeyDetail>(`/v1/license-keys/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    (queryClient, key) => {
      queryClient.setQueryData(licenseKeyKeys.detail(id), key);
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.lists });
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.activations(id) });
    },
  );
}

/**
 * POST /v1/license-keys/{id}/rotate: the key gets a new value (the old one stops working). The
 * detail shows the answer; lists show the new display key after their refetch.
 */
export function useRotateLicenseKey(id: string) {
  return useChangingMutation(
    () => apiFetch<LicenseKeyDetail>(`/v1/license-keys/${encodeURIComponent(id)}/rotate`, { method: "POST" }),
    (queryClient, key) => {
      queryClient.setQueryData(licenseKeyKeys.detail(id), key);
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.lists });
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.activations(id) });
    },
  );
}

/**
 * Frees an activation's slot through the merchant's route (the session's own scope, not the key's
 * public budget): DELETE /v1/license-keys/{id}/activations/{activation_id}.
 */
export function useDeactivateActivation(key: Pick<LicenseKeyDetail, "id" | "key" | "organization_id">) {
  return useChangingMutation(
    (activationId: string) =>
      apiFetch<void>(
        `/v1/license-keys/${encodeURIComponent(key.id)}/activations/${encodeURIComponent(activationId)}`,
        { method: "DELETE" },
      ),
    (queryClient, _result, activationId) => {
      queryClient.removeQueries({ queryKey: licenseKeyKeys.activation(key.id, activationId) });
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.detail(key.id) });
      void queryClient.invalidateQueries({ queryKey: licenseKeyKeys.lists });
    },
  );
}
