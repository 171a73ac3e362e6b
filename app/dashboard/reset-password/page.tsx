import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/dashboard/account/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default function ResetPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 p-4 dark:bg-zinc-950">
      <ResetPasswordForm />
    </main>
  );
}
