import type { Metadata } from "next";
import { CustomerPage } from "@/components/dashboard/customers/customer-page";

export const metadata: Metadata = { title: "Customer" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CustomerPage id={id} />;
}
