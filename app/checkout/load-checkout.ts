// The hosted page's first paint reads the session exactly as the browser would: through the
// client route's own handler (same auth, same output schema, same JSON), in process.
import { headers } from "next/headers";
import { cache } from "react";
import { GET } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import type { CheckoutView } from "@/components/checkout/api";
import { addressHeaders } from "@/lib/http/peer";
import type { Locale } from "@/lib/i18n/locales";
import { pageLocale } from "@/lib/i18n/page-locale";
import { pageMessages } from "@/lib/i18n/translate";
import { localizedCountries } from "@/lib/i18n/countries";
import { COUNTRIES } from "@/lib/core/countries";

export type LoadedCheckout = { checkout: CheckoutView; loadedAt: number };

/** The session for a client secret, or null when there is none; once per request. */
export const loadCheckout = cache(async (clientSecret: string): Promise<LoadedCheckout | null> => {
  const path = `/v1/checkouts/custom/client/${encodeURIComponent(clientSecret)}`;
  // The buyer's address travels along, so this read counts against their own rate-limit budget.
  const request = new Request(new URL(path, "http://checkout.internal"), {
    headers: addressHeaders(await headers()),
  });
  const response = await GET(request, {
    params: Promise.resolve({ client_secret: clientSecret }),
  });
  // 422: a malformed secret (too long) is as unknown as a wrong one.
  if (response.status === 404 || response.status === 422) return null;
  if (!response.ok) throw new Error(`Loading the checkout session failed (${response.status}).`);
  return { checkout: (await response.json()) as CheckoutView, loadedAt: Date.now() };
});

export async function checkoutTitle(clientSecret: string): Promise<string> {
  const loaded = await loadCheckout(clientSecret);
  return loaded
    ? `${loaded.checkout.product.name} · ${loaded.checkout.organization.name}`
    : "Checkout not found";
}

/** The namespaces of the catalog the checkout's page uses (its browser gets only these). */
export const CHECKOUT_NAMESPACES = [
  "common",
  "checkout",
  "confirmation",
  "errors",
  "devices",
  "currency",
] as const;

/**
 * The checkout page's language (docs/i18n.md): `?locale=`, the session's (a session made for a
 * customer has the customer's unless given one: lib/checkout/create.ts), the browser's, English;
 * and that language's messages and country names for the page.
 */
export async function checkoutLanguage(checkout: CheckoutView, query: string | string[] | undefined) {
  const locale: Locale = pageLocale({
    query,
    choices: [checkout.locale],
    acceptLanguage: (await headers()).get("accept-language"),
  });
  return {
    locale,
    messages: pageMessages(locale, CHECKOUT_NAMESPACES),
    countries: localizedCountries(locale, COUNTRIES),
  };
}
