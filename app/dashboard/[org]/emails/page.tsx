import type { Metadata } from "next";
import { EmailsPage } from "@/components/dashboard/emails/list-page";

export const metadata: Metadata = { title: "Emails" };

export default function Page() {
  return <EmailsPage />;
}
