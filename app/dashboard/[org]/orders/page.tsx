import type { Metadata } from "next";
import { OrdersPage } from "@/components/dashboard/orders/orders-page";

export const metadata: Metadata = { title: "Orders" };

export default function Page() {
  return <OrdersPage />;
}
