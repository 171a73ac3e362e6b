import type { Metadata } from "next";
import { Suspense } from "react";
import { SignInForm } from "@/components/dashboard/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default function SignInPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 p-4 dark:bg-zinc-950">
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
