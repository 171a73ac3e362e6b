// The customer portal's way to the server: the /v1/customer-portal routes through the shared browser
// client (components/api-client.ts; failures are its ApiRequestError). The customer session rides in
// the portal's HttpOnly cookie, which the browser sends itself; every call carries the session's
// CSRF token (X-CSRF-Token), which the server requires on writes. Types come from the API's own zod schemas (type-only imports: no zod in the
// bundle for them).
import type { z } from "zod";
import { apiFetch, type Page } from "@/components/api-client";
import type {
  customerSessionTokenSchema,
  portalCustomerSchema,
  portalLicenseKeySchema,
  portalOrderSchema,
  portalOrganizationSchema,
  portalPaymentMethodAnswer,
  portalSubscriptionSchema,
  portalDownloadableSchema,
  updatePortalSubscriptionBody,
} from "@/lib/customer-portal/schemas";
import type { customerPaymentMethodSchema } from "@/lib/customers/payment-methods";
import type { addPaymentMethodAnswer } from "@/lib/customer-portal/card-schemas";

export type PortalOrganization = z.input<typeof portalOrganizationSchema>;
export type PortalCustomer = z.input<typeof portalCustomerSchema>;
export type PortalOrder = z.input<typeof portalOrderSchema>;
export type PortalLicenseKey = z.input<typeof portalLicenseKeySchema>;
export type PortalActivation = PortalLicenseKey["activations"][number];
export type PortalSubscription = z.input<typeof portalSubscriptionSchema>;
export type PortalDownloadable = z.input<typeof portalDownloadableSchema>;
export type PaymentMethodAnswer = z.input<typeof portalPaymentMethodAnswer>;
export type SavedCard = z.input<typeof customerPaymentMethodSchema>;
export type AddedCard = z.input<typeof addPaymentMethodAnswer>;
export type CustomerSessionToken = z.input<typeof customerSessionTokenSchema>;
export type UpdateSubscriptionBody = z.input<typeof updatePortalSubscriptionBody>;
export type { Page };

const BASE = "/v1/customer-portal";
/** The portal shows a buyer's whole history on one page; 100 is the API's largest page. */
const LIST_LIMIT = 100;

function csrfHeader(csrf: string) {
  return { "x-csrf-token": csrf };
}

function segment(value: string) {
  return encodeURIComponent(value);
}

export function getPortalOrganization(slug: string, signal?: AbortSignal) {
  return apiFetch<PortalOrganization>(`${BASE}/organizations/${segment(slug)}`, { signal });
}

/** Always 202 `{}`, customer or not (nothing tells a stranger whether an email buys here); 429 when asked too often. */
export async function requestSignInCode(organizationId: string, email: string): Promise<void> {
  await apiFetch<unknown>(`${BASE}/customer-session/request`, {
    method: "POST",
    body: { organization_id: organizationId, email },
  });
}

/** The code → a session (its cookies set by the answer); a wrong, expired or used code is a 401. */
export function authenticate(organizationId: string, email: string, code: string) {
  return apiFetch<CustomerSessionToken>(`${BASE}/customer-session/authenticate`, {
    method: "POST",
    body: { organization_id: organizationId, email, code },
  });
}

/** Signs out: the session stops working on the server, which clears its cookies. */
export async function signOut(csrf: string): Promise<void> {
  await apiFetch<void>(`${BASE}/customer-session`, { method: "DELETE", headers: csrfHeader(csrf) });
}

export function getMe(csrf: string, signal?: AbortSignal) {
  return apiFetch<PortalCustomer>(`${BASE}/customers/me`, { headers: csrfHeader(csrf), signal });
}

export function listOrders(csrf: string, signal?: AbortSignal) {
  return apiFetch<Page<PortalOrder>>(`${BASE}/orders/`, {
    headers: csrfHeader(csrf),
    query: { limit: LIST_LIMIT },
    signal,
  });
}

export function listLicenseKeys(csrf: string, signal?: AbortSignal) {
  return apiFetch<Page<PortalLicenseKey>>(`${BASE}/license-keys/`, {
    headers: csrfHeader(csrf),
    query: { limit: LIST_LIMIT },
    signal,
  });
}

/** Frees one of the buyer's devices (204). */
export async function deactivateActivation(csrf: string, licenseKeyId: string, activationId: string) {
  const path = `${BASE}/license-keys/${segment(licenseKeyId)}/activations/${segment(activationId)}`;
  await apiFetch<void>(path, { method: "DELETE", headers: csrfHeader(csrf) });
}

/** Issues the invoice of one of the buyer's orders (once): `{url}` of its PDF (docs/invoices.md). */
export function requestInvoice(csrf: string, orderId: string) {
  return apiFetch<{ url: string }>(`${BASE}/orders/${segment(orderId)}/invoice`, {
    method: "POST",
    headers: csrfHeader(csrf),
  });
}

/** A new value for one of the buyer's keys; the old one stops working at once. */
export function rotateLicenseKey(csrf: string, licenseKeyId: string) {
  return apiFetch<PortalLicenseKey>(`${BASE}/license-keys/${segment(licenseKeyId)}/rotate`, {
    method: "POST",
    headers: csrfHeader(csrf),
  });
}

/** The buyer's saved cards (the ones their subscriptions renew with). */
export function listSavedCards(csrf: string, signal?: AbortSignal) {
  return apiFetch<Page<SavedCard>>(`${BASE}/customers/me/payment-methods`, {
    query: { limit: LIST_LIMIT },
    headers: csrfHeader(csrf),
    signal,
  });
}

/** Removes a saved card no subscription bills (204); 400 with the reason otherwise. */
export async function removeSavedCard(csrf: string, id: string) {
  await apiFetch<void>(`${BASE}/customers/me/payment-methods/${segment(id)}`, {
    method: "DELETE",
    headers: csrfHeader(csrf),
  });
}

/**
 * Adds a saved card from the card form's token; `set_default` also makes it the card of the
 * subscriptions that still bill. `requires_action` while the bank asks the buyer first.
 */
export function addSavedCard(csrf: string, cardToken: string, setDefault: boolean) {
  return apiFetch<AddedCard>(`${BASE}/customers/me/payment-methods`, {
    method: "POST",
    headers: csrfHeader(csrf),
    body: { confirmation_token_id: cardToken, set_default: setDefault },
  });
}

/** After the buyer's step at the bank: the card saved, or `requires_action` again while it waits. */
export function confirmSavedCard(csrf: string, setupIntentId: string) {
  return apiFetch<AddedCard>(`${BASE}/customers/me/payment-methods/confirm`, {
    method: "POST",
    headers: csrfHeader(csrf),
    body: { setup_intent_id: setupIntentId, set_default: false },
  });
}

/** The buyer's downloadable files, each with a signed link valid for ten minutes. */
export function listDownloadables(csrf: string, signal?: AbortSignal) {
  return apiFetch<Page<PortalDownloadable>>(`${BASE}/downloadables/`, { headers: csrfHeader(csrf), signal });
}

export function listSubscriptions(csrf: string, signal?: AbortSignal) {
  return apiFetch<Page<PortalSubscription>>(`${BASE}/subscriptions/`, {
    headers: csrfHeader(csrf),
    query: { limit: LIST_LIMIT },
    signal,
  });
}

/** Cancels at the period's end (with a reason), or takes the cancellation back. */
export function updateSubscription(csrf: string, id: string, body: UpdateSubscriptionBody) {
  return apiFetch<PortalSubscription>(`${BASE}/subscriptions/${segment(id)}`, {
    method: "PATCH",
    headers: csrfHeader(csrf),
    body,
  });
}

/**
 * A card form's single-use token (the test processor's, or Stripe's confirmation token); a past-due
 * subscription is charged with it. `next_action`: the bank asks the buyer to confirm the card first.
 */
export function updatePaymentMethod(csrf: string, id: string, cardToken: string) {
  return apiFetch<PaymentMethodAnswer>(`${BASE}/subscriptions/${segment(id)}/payment-method`, {
    method: "POST",
    headers: csrfHeader(csrf),
    body: { token: cardToken },
  });
}

/** After the buyer's step at the bank: the new card saved (or `next_action` again while it waits). */
export function completePaymentMethod(csrf: string, id: string) {
  return apiFetch<PaymentMethodAnswer>(`${BASE}/subscriptions/${segment(id)}/payment-method/complete`, {
    method: "POST",
    headers: csrfHeader(csrf),
  });
}

/** Emails a link to the new address (202); 422 for the buyer's own or a malformed address, 429 when asked too often. */
export async function requestEmailUpdate(csrf: string, email: string): Promise<void> {
  await apiFetch<unknown>(`${BASE}/customers/me/email-update/request`, {
    method: "POST",
    headers: csrfHeader(csrf),
    body: { email },
  });
}

/**
 * The emailed link's token changes the email; the answer signs this browser in (its cookies set).
 * 401 for a bad, expired, used or replaced link; 422 when another customer has the address.
 */
export async function verifyEmailUpdate(token: string): Promise<void> {
  await apiFetch<unknown>(`${BASE}/customers/me/email-update/verify`, { method: "POST", body: { token } });
}
