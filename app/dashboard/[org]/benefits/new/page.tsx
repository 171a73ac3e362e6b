import type { Metadata } from "next";
import { NewBenefitPage } from "@/components/dashboard/benefits/edit-page";

export const metadata: Metadata = { title: "New benefit" };

export default function Page() {
  return <NewBenefitPage />;
}
