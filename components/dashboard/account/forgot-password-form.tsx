"use client";
// "Forgot password?": asks for a reset link. The answer is the same for any address (the server
// tells nobody which addresses have accounts), so the page says what happens if it has one.
import { useState } from "react";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "@/components/api-client";
import { AccountForm, cardClass, EmailInput, linkClass } from "./card";

function messageFor(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return "Something went wrong. Please try again.";
  if (error.status === 422) return "Enter the email address of your account.";
  return error.message;
}

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const request = useMutation({
    mutationFn: (address: string) =>
      apiFetch<Record<string, never>>("/v1/auth/password-reset/request", {
        method: "POST",
        body: { email: address },
      }),
  });

  if (request.isSuccess) {
    return (
      <div className={cardClass}>
        <h1 className="text-xl font-semibold">Check your email</h1>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          If <strong className="break-all">{request.variables}</strong> is the address of an account, it has
          been sent a link to choose a new password. The link works once, for 30 minutes.
        </p>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          No email? Check the spam folder. A server without email settings sends none: its operator can set a
          password with <code>npm run user:password</code>.
        </p>
        <p className="mt-6 text-sm">
          <BackToSignIn />
        </p>
      </div>
    );
  }

  return (
    <AccountForm
      title="Forgot your password?"
      intro={
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Enter the email address you sign in with, and we will send it a link to choose a new password.
        </p>
      }
      submitLabel="Send the link"
      pendingLabel="Sending…"
      pending={request.isPending}
      message={request.isError ? messageFor(request.error) : null}
      onSubmit={() => request.mutate(email.trim())}
      footer={
        <p className="mt-4 text-center text-sm">
          <BackToSignIn />
        </p>
      }
    >
      <EmailInput value={email} onChange={setEmail} />
    </AccountForm>
  );
}

function BackToSignIn() {
  return (
    <Link className={linkClass} href="/dashboard/sign-in">
      Back to sign in
    </Link>
  );
}
