import type { Metadata } from "next";
import { EmailPage } from "@/components/dashboard/emails/email-page";

export const metadata: Metadata = { title: "Email" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EmailPage id={id} />;
}
