"use client";
// The portal's data over react-query, keys `[domain, "list" | "detail", ...]`, each action next to
// the lists it changes. The signed-in session (CSRF token, organization, sign out) comes from context.
import { createContext, useContext } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslator } from "@/components/i18n/translator-context";
import {
  deactivateActivation,
  rotateLicenseKey,
  requestInvoice,
  getMe,
  listLicenseKeys,
  listOrders,
  listSubscriptions,
  listDownloadables,
  listSavedCards,
  removeSavedCard,
  addSavedCard,
  confirmSavedCard,
  completePaymentMethod,
  updatePaymentMethod,
  updateSubscription,
  type Page,
  type PortalLicenseKey,
  type PortalOrganization,
  type PortalSubscription,
  type UpdateSubscriptionBody,
} from "./api";

export type PortalSession = {
  /** The session's CSRF token (./session.ts): the session itself is an HttpOnly cookie. */
  csrf: string;
  organization: PortalOrganization;
  signOut: () => void;
};

export const PortalSessionContext = createContext<PortalSession | null>(null);

export function usePortalSession(): PortalSession {
  const session = useContext(PortalSessionContext);
  if (!session) throw new Error("usePortalSession needs a signed-in portal around it.");
  return session;
}

export const portalKeys = {
  me: ["portal-customer", "detail", "me"] as const,
  orders: ["portal-orders", "list"] as const,
  licenseKeys: ["portal-license-keys", "list"] as const,
  subscriptions: ["portal-subscriptions", "list"] as const,
  downloadables: ["portal-downloadables", "list"] as const,
  savedCards: ["portal-saved-cards", "list"] as const,
};

/** The buyer's files; read again when the links (ten minutes) may have expired. */
export function useDownloadables() {
  const { csrf } = usePortalSession();
  return useQuery({
    queryKey: portalKeys.downloadables,
    queryFn: ({ signal }) => listDownloadables(csrf, signal),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useSavedCards() {
  const { csrf } = usePortalSession();
  return useQuery({ queryKey: portalKeys.savedCards, queryFn: ({ signal }) => listSavedCards(csrf, signal) });
}

export function useRemoveSavedCard() {
  const { csrf } = usePortalSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeSavedCard(csrf, id),
    onSuccess: () => client.invalidateQueries({ queryKey: portalKeys.savedCards }),
  });
}

export function useMe() {
  const { csrf } = usePortalSession();
  return useQuery({ queryKey: portalKeys.me, queryFn: ({ signal }) => getMe(csrf, signal) });
}

export function useOrders() {
  const { csrf } = usePortalSession();
  return useQuery({ queryKey: portalKeys.orders, queryFn: ({ signal }) => listOrders(csrf, signal) });
}

export function useLicenseKeys() {
  const { csrf } = usePortalSession();
  return useQuery({
    queryKey: portalKeys.licenseKeys,
    queryFn: ({ signal }) => listLicenseKeys(csrf, signal),
  });
}

export function useSubscriptions() {
  const { csrf } = usePortalSession();
  return useQuery({
    queryKey: portalKeys.subscriptions,
    queryFn: ({ signal }) => listSubscriptions(csrf, signal),
  });
}

export function useDeactivateDevice() {
  const { csrf } = usePortalSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { licenseKeyId: string; activationId: string }) =>
      deactivateActivation(csrf, input.licenseKeyId, input.activationId),
    onSettled: () => client.invalidateQueries({ queryKey: portalKeys.licenseKeys }),
  });
}

/** Issues an order's invoice; the orders are read again (the order now has its invoice's link). */
export function useRequestInvoice() {
  const { csrf } = usePortalSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => requestInvoice(csrf, orderId),
    onSuccess: () => client.invalidateQueries({ queryKey: portalKeys.orders }),
  });
}

/** Replaces a key's value; the answer takes the key's place in the list at once. */
export function useRotateLicenseKey() {
  const { csrf } = usePortalSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (licenseKeyId: string) => rotateLicenseKey(csrf, licenseKeyId),
    onSuccess: (rotated) =>
      client.setQueryData<Page<PortalLicenseKey>>(portalKeys.licenseKeys, (page) =>
        page ? { ...page, items: page.items.map((key) => (key.id === rotated.id ? rotated : key)) } : page,
      ),
  });
}

/** The answer replaces the subscription in the list at once; keys and orders may follow it. */
function useSubscriptionAnswer() {
  const client = useQueryClient();
  return (updated: PortalSubscription) => {
    client.setQueryData<Page<PortalSubscription>>(portalKeys.subscriptions, (page) =>
      page ? { ...page, items: page.items.map((s) => (s.id === updated.id ? updated : s)) } : page,
    );
    void client.invalidateQueries({ queryKey: portalKeys.subscriptions });
    void client.invalidateQueries({ queryKey: portalKeys.savedCards });
    void client.invalidateQueries({ queryKey: portalKeys.orders });
    void client.invalidateQueries({ queryKey: portalKeys.licenseKeys });
  };
}

export function useUpdateSubscription() {
  const { csrf } = usePortalSession();
  const onAnswer = useSubscriptionAnswer();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateSubscriptionBody }) =>
      updateSubscription(csrf, input.id, input.body),
    onSuccess: onAnswer,
  });
}

/** The bank's step for the buyer (Stripe's 3-D Secure), shown by the card form; rejects with a message. */
export type ConfirmStep = (action: { type: string; client_secret?: string }) => Promise<void>;

/**
 * Saves a new card: the token, then (when the bank asks the buyer to confirm the card first) the
 * form's step and the server's re-read. Resolves with the subscription once the card is saved.
 */
export function useUpdatePaymentMethod() {
  const tr = useTranslator();
  const { csrf } = usePortalSession();
  const onAnswer = useSubscriptionAnswer();
  return useMutation({
    mutationFn: async (input: { id: string; cardToken: string; confirmStep?: ConfirmStep }) => {
      let answer = await updatePaymentMethod(csrf, input.id, input.cardToken);
      if (answer.next_action) {
        if (!input.confirmStep) throw new Error(tr.t("portal.bankStepUnsupported"));
        await input.confirmStep(answer.next_action);
        answer = await completePaymentMethod(csrf, input.id);
        if (answer.next_action) throw new Error(tr.t("portal.bankNotConfirmed"));
      }
      return answer;
    },
    onSuccess: onAnswer,
  });
}

/**
 * Adds a saved card: the token, then (when the bank asks the buyer first) the form's step and the
 * server's re-read. With `setDefault` the subscriptions that still bill take it: they are read again.
 */
export function useAddSavedCard() {
  const tr = useTranslator();
  const { csrf } = usePortalSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { cardToken: string; setDefault: boolean; confirmStep?: ConfirmStep }) => {
      let answer = await addSavedCard(csrf, input.cardToken, input.setDefault);
      if (answer.status === "requires_action") {
        if (!input.confirmStep) throw new Error(tr.t("portal.bankStepUnsupported"));
        await input.confirmStep({ type: "use_stripe_sdk", client_secret: answer.client_secret });
        answer = await confirmSavedCard(csrf, answer.client_secret.split("_secret_")[0]!);
        if (answer.status === "requires_action") throw new Error(tr.t("portal.bankNotConfirmed"));
      }
      return answer.payment_method;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: portalKeys.savedCards });
      void client.invalidateQueries({ queryKey: portalKeys.subscriptions });
      void client.invalidateQueries({ queryKey: portalKeys.orders });
    },
  });
}
