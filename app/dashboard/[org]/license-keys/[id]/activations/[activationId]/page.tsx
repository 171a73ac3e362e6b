import type { Metadata } from "next";
import { ActivationPage } from "@/components/dashboard/license-keys/activation-page";

export const metadata: Metadata = { title: "License key activation" };

export default async function Page({ params }: { params: Promise<{ id: string; activationId: string }> }) {
  const { id, activationId } = await params;
  return <ActivationPage keyId={id} activationId={activationId} />;
}
