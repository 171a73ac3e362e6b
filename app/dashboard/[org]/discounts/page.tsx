import type { Metadata } from "next";
import { DiscountsPage } from "@/components/dashboard/discounts/list-page";

export const metadata: Metadata = { title: "Discounts" };

export default function Page() {
  return <DiscountsPage />;
}
