import type { Metadata } from "next";
import { WebhookEndpointPage } from "@/components/dashboard/webhooks/endpoint-page";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WebhookEndpointPage id={id} />;
}
