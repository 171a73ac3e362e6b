import type { Metadata } from "next";
import { NewWebhookEndpointPage } from "@/components/dashboard/webhooks/endpoint-page";

export const metadata: Metadata = { title: "Add webhook endpoint" };

export default function Page() {
  return <NewWebhookEndpointPage />;
}
