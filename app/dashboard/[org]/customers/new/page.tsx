import type { Metadata } from "next";
import { NewCustomerPage } from "@/components/dashboard/customers/customer-page";

export const metadata: Metadata = { title: "New customer" };

export default function Page() {
  return <NewCustomerPage />;
}
