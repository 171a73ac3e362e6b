// GET /checkout/{client_secret} — the hosted checkout. The server reads the session for the first
// paint (and the 404); everything after runs in the browser against the client routes.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { headers } from "next/headers";
import { connection } from "next/server";
import { Checkout } from "@/components/checkout/checkout";
import { EARLY_PAY_SCRIPT } from "@/components/checkout/early-pay-script";
import { SUBDIVISIONS } from "@/components/checkout/subdivisions";
import { checkoutLanguage, checkoutTitle, loadCheckout } from "../load-checkout";

type Props = {
  params: Promise<{ client_secret: string }>;
  searchParams: Promise<{ locale?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { client_secret } = await params;
  return { title: await checkoutTitle(client_secret), robots: { index: false, follow: false } };
}

export default async function CheckoutPage({ params, searchParams }: Props) {
  // Rendered per request: the proxy's CSP nonce must reach Next's scripts.
  await connection();
  const { client_secret } = await params;
  const loaded = await loadCheckout(client_secret);
  if (!loaded) notFound();
  const { locale, messages, countries } = await checkoutLanguage(
    loaded.checkout,
    (await searchParams).locale,
  );
  // The proxy's nonce (the request's CSP header), which this page's one inline script needs.
  const nonce = /'nonce-([^']+)'/.exec((await headers()).get("content-security-policy") ?? "")?.[1];
  return (
    <>
      <Checkout
        initialCheckout={loaded.checkout}
        renderedAt={loaded.loadedAt}
        countries={countries}
        subdivisions={SUBDIVISIONS}
        locale={locale}
        messages={messages}
      />
      {/* Holds a Pay pressed before hydration (components/checkout/early-pay-script.ts). After the
          form, not before: an inline script waits for the stylesheet, and the parser with it, so
          placed first it would hold back the whole form; it still runs before the first paint,
          which waits for the stylesheet too. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_PAY_SCRIPT }} />
    </>
  );
}
