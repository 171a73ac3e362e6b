import type { Metadata } from "next";
import { EditCustomFieldPage } from "@/components/dashboard/custom-fields/edit-page";

export const metadata: Metadata = { title: "Custom field" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCustomFieldPage id={id} />;
}
