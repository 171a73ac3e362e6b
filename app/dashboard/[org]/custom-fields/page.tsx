import type { Metadata } from "next";
import { CustomFieldsPage } from "@/components/dashboard/custom-fields/list-page";

export const metadata: Metadata = { title: "Custom fields" };

export default function Page() {
  return <CustomFieldsPage />;
}
