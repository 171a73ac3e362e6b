"use client";
// The signed-in merchant's change of password: the current one is needed; the other sessions of
// the account (another browser, a forgotten laptop) are signed out, this one stays.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { ApiRequestError, apiFetch } from "@/components/api-client";
import { PageHeader } from "../ui/misc";
import { Button } from "../ui/button";
import { FormAlert, PasswordInput, problemAt } from "./card";

type ChangePasswordBody = { current_password: string; new_password: string };

export function ChangePasswordPage() {
  const [values, setValues] = useState<ChangePasswordBody>({ current_password: "", new_password: "" });
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => apiFetch<void>("/v1/auth/password", { method: "POST", body }),
    onSuccess: () => setValues({ current_password: "", new_password: "" }),
  });
  const current = problemAt(change.error, "current_password");
  const next = problemAt(change.error, "new_password");
  const set = (field: keyof ChangePasswordBody) => (value: string) => {
    if (change.isSuccess) change.reset();
    setValues((old) => ({ ...old, [field]: value }));
  };

  return (
    <div className="max-w-md">
      <PageHeader title="Change password">
        Your other sessions (other browsers and devices) are signed out; this one stays.
      </PageHeader>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(values);
        }}
      >
        <PasswordInput
          label="Current password"
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={set("current_password")}
          problem={current}
        />
        <PasswordInput
          label="New password (at least 10 characters)"
          name="new_password"
          autoComplete="new-password"
          value={values.new_password}
          onChange={set("new_password")}
          problem={next}
        />
        {change.isError && !current && !next ? (
          <FormAlert>
            {change.error instanceof ApiRequestError
              ? change.error.message
              : "Something went wrong. Please try again."}
          </FormAlert>
        ) : null}
        {change.isSuccess ? (
          <p role="status" className="mt-4 text-sm text-green-700 dark:text-green-400">
            Password changed. Your other sessions were signed out.
          </p>
        ) : null}
        <Button type="submit" variant="primary" className="mt-6" disabled={change.isPending}>
          {change.isPending ? "Saving…" : "Change password"}
        </Button>
      </form>
    </div>
  );
}
