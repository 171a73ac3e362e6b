import type { Metadata } from "next";
import { NewCustomFieldPage } from "@/components/dashboard/custom-fields/edit-page";

export const metadata: Metadata = { title: "New custom field" };

export default function Page() {
  return <NewCustomFieldPage />;
}
