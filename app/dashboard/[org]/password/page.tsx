import type { Metadata } from "next";
import { ChangePasswordPage } from "@/components/dashboard/account/change-password-form";

export const metadata: Metadata = { title: "Change password" };

export default function Page() {
  return <ChangePasswordPage />;
}
