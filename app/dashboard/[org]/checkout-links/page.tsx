import type { Metadata } from "next";
import { CheckoutLinksPage } from "@/components/dashboard/checkout-links/list-page";

export const metadata: Metadata = { title: "Checkout links" };

export default function Page() {
  return <CheckoutLinksPage />;
}
