import type { Metadata } from "next";
import { BenefitsPage } from "@/components/dashboard/benefits/list-page";

export const metadata: Metadata = { title: "Benefits" };

export default function Page() {
  return <BenefitsPage />;
}
