import type { Metadata } from "next";
import { EditCheckoutLinkPage } from "@/components/dashboard/checkout-links/edit-page";

export const metadata: Metadata = { title: "Checkout link" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCheckoutLinkPage id={id} />;
}
