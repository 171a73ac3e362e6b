import type { Metadata } from "next";
import { CheckoutsPage } from "@/components/dashboard/checkouts/list-page";

export const metadata: Metadata = { title: "Checkouts" };

export default function Page() {
  return <CheckoutsPage />;
}
