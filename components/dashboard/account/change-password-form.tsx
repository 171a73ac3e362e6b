"use client";
// The signed-in merchant's change of password: the current one is needed; the other sessions of
// the account (another browser, a forgotten laptop) are signed out, this one stays.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/components/api-client";
import { PageHeader } from "../ui/misc";
import { AccountForm, AccountInput, useRequestProblems } from "./card";

type ChangePasswordBody = { current_password: string; new_password: string };
const FIELDS = [
  ["current_password", "Current password", "current-password"],
  ["new_password", "New password (at least 10 characters)", "new-password"],
] as const;

export function ChangePasswordPage() {
  const [values, setValues] = useState<ChangePasswordBody>({ current_password: "", new_password: "" });
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => apiFetch<void>("/v1/auth/password", { method: "POST", body }),
    onSuccess: () => setValues({ current_password: "", new_password: "" }),
  });
  const problems = useRequestProblems(change.error, { fields: FIELDS.map(([field]) => field) });
  const set = (field: keyof ChangePasswordBody) => (value: string) => {
    if (change.isSuccess) change.reset();
    problems.changed(field);
    setValues((old) => ({ ...old, [field]: value }));
  };

  return (
    <div className="max-w-md">
      <PageHeader title="Change password">
        Your other sessions (other browsers and devices) are signed out; this one stays.
      </PageHeader>
      <AccountForm
        className=""
        buttonClassName="mt-6"
        submitLabel="Change password"
        pendingLabel="Saving…"
        pending={change.isPending}
        message={problems.form}
        onSubmit={() => change.mutate(values)}
        intro={
          change.isSuccess ? (
            <p role="status" className="mt-4 text-sm text-green-700 dark:text-green-400">
              Password changed. Your other sessions were signed out.
            </p>
          ) : null
        }
      >
        {FIELDS.map(([field, label, autoComplete]) => (
          <AccountInput
            key={field}
            label={label}
            name={field}
            type="password"
            autoComplete={autoComplete}
            value={values[field]}
            onChange={set(field)}
            problem={problems.field(field)}
          />
        ))}
      </AccountForm>
    </div>
  );
}
