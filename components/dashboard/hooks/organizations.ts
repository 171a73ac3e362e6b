"use client";
// Organizations over /v1/organizations/: one (the settings form), its changes, a new one, its
// tax rates (read and replaced as a whole, or merged with the EU preset) and its payment processor's settings (Stripe's keys). A change of name or slug refreshes the session, whose
// organization list the switcher and the dashboard URL come from.
import type { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import type * as organization from "@/lib/organizations/schemas";
import type * as processorSchemas from "@/lib/stripe/schemas";
import type { replaceTaxRatesBody, taxRatesSchema } from "@/lib/organizations/tax-rate-schemas";
import { useChangingMutation } from "./resource";
import { ApiRequestError, apiFetch } from "@/components/api-client";
import { organizationsAfterUpdate } from "../settings/organization-logic";
import type { SessionView } from "./session";
import { sessionKeys } from "./session-keys";

/** What the settings read of an organization: its own fields and its seller details. */
export type OrganizationResource = z.input<typeof organization.organizationSchema> &
  Pick<
    z.input<typeof organization.organizationResourceSchema>,
    | "legal_name"
    | "address"
    | "tax_id"
    | "country"
    | "default_tax_behavior"
    | "invoice_automatically"
    | "default_presentment_currency"
    | "currency_by_country"
  >;
export type CreateOrganization = z.input<typeof organization.createOrganizationBody>;
export type UpdateOrganization = z.input<typeof organization.updateOrganizationBody>;
export type TaxRates = z.input<typeof taxRatesSchema>;
export type TaxRate = TaxRates["tax_rates"][number];
export type ReplaceTaxRates = z.input<typeof replaceTaxRatesBody>;

// `GET`/`PUT /v1/organizations/{id}/payment-processor` (docs/checkout.md, "Stripe on the checkout
// page and in Settings"). Typed here from the contract until the route's zod schemas exist to take
// `z.input` of; no secret ever comes back, only the secret key's last four characters.
/** The organization's card processor as GET/PUT …/payment-processor answer it (lib/stripe/schemas.ts). */
export type PaymentProcessorSettings = z.input<typeof processorSchemas.paymentProcessorSchema>;
export type SavePaymentProcessor = Extract<
  z.input<typeof processorSchemas.putPaymentProcessorBody>,
  { processor: "stripe" }
>;

/** What an organization without a processor's settings reads as (the route's 404). */
export const NO_PAYMENT_PROCESSOR: PaymentProcessorSettings = {
  processor: null,
  livemode: false,
  publishable_key: null,
  secret_key_last4: null,
  account_id: null,
  webhook_url: "",
  webhook_events: [],
  require_three_d_secure: false,
};

export const organizationKeys = {
  detail: (id: string) => ["organizations", "detail", id] as const,
  taxRates: (id: string) => ["organizations", "tax-rates", id] as const,
  paymentProcessor: (id: string) => ["organizations", "payment-processor", id] as const,
};

const one = (id: string) => `/v1/organizations/${encodeURIComponent(id)}`;

export function useOrganizationDetail(id: string) {
  return useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<OrganizationResource>(one(id), { signal }),
  });
}

export function useUpdateOrganization(id: string) {
  return useChangingMutation(
    (body: UpdateOrganization) => apiFetch<OrganizationResource>(one(id), { method: "PATCH", body }),
    async (queryClient, updated) => {
      queryClient.setQueryData(organizationKeys.detail(id), updated);
      // The session (switcher, URL slug) knows the change at once; it is read again when the next
      // page mounts, not now: the page at the old slug must keep working until the navigation.
      queryClient.setQueryData<SessionView>(sessionKeys.all, (view) =>
        view ? { ...view, organizations: organizationsAfterUpdate(view.organizations, updated) } : view,
      );
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all, exact: true, refetchType: "none" });
    },
  );
}

export function useCreateOrganization() {
  return useChangingMutation(
    (body: CreateOrganization) =>
      apiFetch<OrganizationResource>("/v1/organizations/", { method: "POST", body }),
    async (queryClient, created) => {
      queryClient.setQueryData(organizationKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all, exact: true });
    },
  );
}

export function useTaxRates(organizationId: string) {
  return useQuery({
    queryKey: organizationKeys.taxRates(organizationId),
    queryFn: ({ signal }) => apiFetch<TaxRates>(`${one(organizationId)}/tax-rates`, { signal }),
  });
}

export function useReplaceTaxRates(organizationId: string) {
  return useChangingMutation(
    (body: ReplaceTaxRates) =>
      apiFetch<TaxRates>(`${one(organizationId)}/tax-rates`, { method: "PUT", body }),
    (queryClient, rates) => queryClient.setQueryData(organizationKeys.taxRates(organizationId), rates),
  );
}

/** POST …/tax-rates/eu-preset: the EU standard rates merged into the organization's rates. */
export function useLoadEuTaxRates(organizationId: string) {
  return useChangingMutation(
    () => apiFetch<TaxRates>(`${one(organizationId)}/tax-rates/eu-preset`, { method: "POST" }),
    (queryClient, rates) => queryClient.setQueryData(organizationKeys.taxRates(organizationId), rates),
  );
}

export function usePaymentProcessor(organizationId: string) {
  return useQuery({
    queryKey: organizationKeys.paymentProcessor(organizationId),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<PaymentProcessorSettings>(`${one(organizationId)}/payment-processor`, {
          signal,
        });
      } catch (error) {
        // None set up yet: the route's 404 is an answer, not a failure.
        if (error instanceof ApiRequestError && error.status === 404) return NO_PAYMENT_PROCESSOR;
        throw error;
      }
    },
  });
}

export function useSavePaymentProcessor(organizationId: string) {
  return useChangingMutation(
    (body: SavePaymentProcessor) =>
      apiFetch<PaymentProcessorSettings>(`${one(organizationId)}/payment-processor`, { method: "PUT", body }),
    async (queryClient, saved) => {
      queryClient.setQueryData(organizationKeys.paymentProcessor(organizationId), saved);
      // The keys decide whether the organization is live.
      await queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) });
    },
  );
}
