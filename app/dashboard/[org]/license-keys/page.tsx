import type { Metadata } from "next";
import { LicenseKeysPage } from "@/components/dashboard/license-keys/list-page";

export const metadata: Metadata = { title: "License keys" };

export default function Page() {
  return <LicenseKeysPage />;
}
