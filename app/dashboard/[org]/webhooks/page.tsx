import type { Metadata } from "next";
import { WebhooksPage } from "@/components/dashboard/webhooks/list-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function Page() {
  return <WebhooksPage />;
}
