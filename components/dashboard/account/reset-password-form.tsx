"use client";
// The page the reset email links to: the token is in the URL's fragment (never sent to a server,
// nor in the Referer), read once and then removed from the address bar and history.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "@/components/api-client";
import { AccountForm, AccountInput, cardClass, linkClass, useRequestProblems } from "./card";

/** The token from `#token=…`, or null. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token");
}

export function ResetPasswordForm() {
  // undefined until the browser's address is read (it is not known while rendering on the server).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  useEffect(() => {
    const found = tokenFromHash(window.location.hash);
    if (found) window.history.replaceState(null, "", window.location.pathname);
    // Read once from the browser's address, which React cannot render on the server.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(found);
  }, []);
  const confirm = useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiFetch<void>("/v1/auth/password-reset/confirm", { method: "POST", body }),
  });
  const problems = useRequestProblems(confirm.error, { fields: ["password"] });

  if (confirm.isSuccess) {
    return (
      <div className={cardClass}>
        <h1 className="text-xl font-semibold">Your password is changed</h1>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          Every session of your account was signed out. Sign in with the new password.
        </p>
        <p className="mt-6 text-sm">
          <Link className={linkClass} href="/dashboard/sign-in">
            Sign in
          </Link>
        </p>
      </div>
    );
  }

  const deadLink =
    confirm.error instanceof ApiRequestError && confirm.error.status === 400 ? confirm.error.message : null;
  if (token === null || deadLink) {
    return (
      <div className={cardClass}>
        <h1 className="text-xl font-semibold">This link does not work</h1>
        <p role="alert" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          {deadLink ?? "The link is incomplete: open it exactly as the email has it, or ask for a new one."}
        </p>
        <p className="mt-6 text-sm">
          <Link className={linkClass} href="/dashboard/forgot-password">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }

  return (
    <AccountForm
      title="Choose a new password"
      intro={
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Setting it signs your account out everywhere.
        </p>
      }
      submitLabel="Set the new password"
      pendingLabel="Saving…"
      pending={confirm.isPending}
      disabled={!token}
      message={problems.form}
      onSubmit={() => {
        if (token) confirm.mutate({ token, password });
      }}
    >
      <AccountInput
        label="New password (at least 10 characters)"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          problems.changed("password");
          setPassword(value);
        }}
        problem={problems.field("password")}
      />
    </AccountForm>
  );
}
