// The hosted page's first paint reads the session exactly as the browser would: through the
// client route's own handler (same auth, same output schema, same JSON), in process.
import { headers } from "next/headers";
import { cache } from "react";
import { GET } from "@/app/v1/checkouts/custom/client/[client_secret]/route";
import type { CheckoutView } from "@/components/checkout/api";
import { addressHeaders } from "@/lib/http/peer";

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
