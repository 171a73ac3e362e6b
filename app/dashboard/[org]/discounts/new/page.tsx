import type { Metadata } from "next";
import { NewDiscountPage } from "@/components/dashboard/discounts/edit-page";

export const metadata: Metadata = { title: "New discount" };

export default function Page() {
  return <NewDiscountPage />;
}
