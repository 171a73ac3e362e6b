import type { Metadata } from "next";
import { LicenseKeyPage } from "@/components/dashboard/license-keys/key-page";

export const metadata: Metadata = { title: "License key" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LicenseKeyPage id={id} />;
}
