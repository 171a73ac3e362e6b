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
import { AccountForm, AccountInput, EmailInput, linkClass } from "./account/card";

function messageFor(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return "Something went wrong. Please try again.";
  if (error.status === 401) return "Email or password is incorrect.";
  if (error.status === 429) return error.message || "Too many attempts. Try again later.";
  if (error.status === 422) return "Enter your email and password.";
  return error.message;
}

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
    <AccountForm
      title="Sign in to your dashboard"
      submitLabel="Sign in"
      pendingLabel="Signing in…"
      pending={signIn.isPending}
      message={signIn.isError ? messageFor(signIn.error) : null}
      onSubmit={() =>
        signIn.mutate(
          { email, password },
          {
            onSuccess: (view) => {
              const first = view.organizations[0];
              router.replace(next ?? (first ? `/dashboard/${first.slug}` : "/dashboard"));
            },
          },
        )
      }
      footer={
        <p className="mt-4 text-center text-sm">
          <Link className={linkClass} href="/dashboard/forgot-password">
            Forgot password?
          </Link>
        </p>
      }
    >
      <EmailInput value={email} onChange={setEmail} />
      <AccountInput
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
    </AccountForm>
  );
}
