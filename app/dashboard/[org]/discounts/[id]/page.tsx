import type { Metadata } from "next";
import { EditDiscountPage } from "@/components/dashboard/discounts/edit-page";

export const metadata: Metadata = { title: "Discount" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditDiscountPage id={id} />;
}
