"use client";
// Email and password sign-in. Wrong credentials and lockouts get their own clear messages. An
// install with no merchant yet gets the one-time setup form instead (./setup-form.tsx).
import { useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { ApiRequestError } from "./api";
import { useSignIn } from "./hooks/session";
import { safeNextPath } from "./next-path";
import { SetupForm, useSetupRequired } from "./setup-form";
import { Button } from "./ui/button";

function messageFor(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return "Something went wrong. Please try again.";
  if (error.status === 401) return "Email or password is incorrect.";
  if (error.status === 429) return error.message || "Too many attempts. Try again later.";
  if (error.status === 422) return "Enter your email and password.";
  return error.message;
}

const inputClass =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900";

export function SignInForm() {
  // The sign-in form until the answer comes: it is what every install but a new one shows.
  return useSetupRequired() ? <SetupForm /> : <CredentialsForm />;
}

function CredentialsForm() {
  const router = useRouter();
  const next = safeNextPath(useSearchParams().get("next"));
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  return (
    <form
      className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        signIn.mutate(
          { email, password },
          {
            onSuccess: (view) => {
              const first = view.organizations[0];
              router.replace(next ?? (first ? `/dashboard/${first.slug}` : "/dashboard"));
            },
          },
        );
      }}
    >
      <h1 className="text-xl font-semibold">Sign in to your dashboard</h1>
      <label className="mt-6 block text-sm font-medium">
        Email
        <input
          className={inputClass}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label className="mt-4 block text-sm font-medium">
        Password
        <input
          className={inputClass}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {signIn.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {messageFor(signIn.error)}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="mt-6 w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="mt-4 text-center text-sm">
        <Link
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          href="/dashboard/forgot-password"
        >
          Forgot password?
        </Link>
      </p>
    </form>
  );
}
