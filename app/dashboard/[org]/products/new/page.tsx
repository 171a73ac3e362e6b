import type { Metadata } from "next";
import { NewProductPage } from "@/components/dashboard/products/edit-page";

export const metadata: Metadata = { title: "New product" };

export default function Page() {
  return <NewProductPage />;
}
