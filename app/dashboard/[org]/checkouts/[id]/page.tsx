import type { Metadata } from "next";
import { CheckoutPage } from "@/components/dashboard/checkouts/session-page";

export const metadata: Metadata = { title: "Checkout session" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CheckoutPage id={id} />;
}
