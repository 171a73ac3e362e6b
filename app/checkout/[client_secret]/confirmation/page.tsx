// GET /checkout/{client_secret}/confirmation — the default success_url: the same page, which shows
// the confirmation once the session is paid; an open session goes back to the form.
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { Checkout } from "@/components/checkout/checkout";
import { SUBDIVISIONS } from "@/components/checkout/subdivisions";
import { checkoutLanguage, checkoutTitle, loadCheckout } from "../../load-checkout";

type Props = {
  params: Promise<{ client_secret: string }>;
  searchParams: Promise<{ locale?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { client_secret } = await params;
  return { title: await checkoutTitle(client_secret), robots: { index: false, follow: false } };
}

export default async function CheckoutConfirmationPage({ params, searchParams }: Props) {
  await connection();
  const { client_secret } = await params;
  const loaded = await loadCheckout(client_secret);
  if (!loaded) notFound();
  const { locale, messages, countries } = await checkoutLanguage(
    loaded.checkout,
    (await searchParams).locale,
  );
  if (loaded.checkout.status === "open") redirect(`/checkout/${encodeURIComponent(client_secret)}`);
  return (
    <Checkout
      initialCheckout={loaded.checkout}
      renderedAt={loaded.loadedAt}
      countries={countries}
      subdivisions={SUBDIVISIONS}
      locale={locale}
      messages={messages}
    />
  );
}
