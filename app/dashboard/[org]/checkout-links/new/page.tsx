import type { Metadata } from "next";
import { NewCheckoutLinkPage } from "@/components/dashboard/checkout-links/edit-page";

export const metadata: Metadata = { title: "New checkout link" };

export default function Page() {
  return <NewCheckoutLinkPage />;
}
