import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/dashboard/account/forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 p-4 dark:bg-zinc-950">
      <ForgotPasswordForm />
    </main>
  );
}
