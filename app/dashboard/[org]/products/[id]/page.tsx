import type { Metadata } from "next";
import { EditProductPage } from "@/components/dashboard/products/edit-page";

export const metadata: Metadata = { title: "Product" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditProductPage id={id} />;
}
