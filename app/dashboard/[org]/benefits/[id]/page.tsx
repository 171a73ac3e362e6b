import type { Metadata } from "next";
import { EditBenefitPage } from "@/components/dashboard/benefits/edit-page";

export const metadata: Metadata = { title: "Benefit" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditBenefitPage id={id} />;
}
