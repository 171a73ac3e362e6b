// GET /checkout/{client_secret} — the hosted checkout. The server reads the session for the first
// paint (and the 404); everything after runs in the browser against the client routes.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Checkout } from "@/components/checkout/checkout";
import { COUNTRIES } from "@/components/checkout/countries";
import { checkoutTitle, loadCheckout } from "../load-checkout";

type Props = { params: Promise<{ client_secret: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { client_secret } = await params;
  return { title: await checkoutTitle(client_secret), robots: { index: false, follow: false } };
}

export default async function CheckoutPage({ params }: Props) {
  // Rendered per request: the proxy's CSP nonce must reach Next's scripts.
  await connection();
  const { client_secret } = await params;
  const loaded = await loadCheckout(client_secret);
  if (!loaded) notFound();
  return <Checkout initialCheckout={loaded.checkout} renderedAt={loaded.loadedAt} countries={COUNTRIES} />;
}
