import type { Metadata } from "next";
import { SubscriptionDetail } from "@/components/dashboard/subscriptions/detail-page";

export const metadata: Metadata = { title: "Subscription" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SubscriptionDetail id={id} />;
}
