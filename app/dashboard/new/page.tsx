import type { Metadata } from "next";
import { NewOrganizationPage } from "@/components/dashboard/organizations/new-organization-page";

export const metadata: Metadata = { title: "New organization" };

export default function Page() {
  return <NewOrganizationPage />;
}
