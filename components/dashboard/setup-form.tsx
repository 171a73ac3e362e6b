"use client";
// The one-time setup of an install with no merchant yet (shown by the sign-in page instead of its
// form): the first merchant's account and organization, then straight into its dashboard. It needs
// the setup code the server printed at start (docs/accounts.md). Its messages are the shared form
// kit's (docs/dashboard.md, "Forms").
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { setupBody, setupStatusSchema } from "@/lib/organizations/setup";
import { slugify } from "@/lib/organizations/slug";
import { ApiRequestError, apiFetch } from "@/components/api-client";
import { sessionKeys, type SessionView } from "./hooks/session";
import { AccountForm, AccountInput, useRequestProblems } from "./account/card";

type SetupBody = z.input<typeof setupBody>;
type SetupStatus = z.output<typeof setupStatusSchema>;

export const setupKeys = { status: [...sessionKeys.all, "setup"] as const };

/** Whether the install still needs its first merchant (null while unknown). */
export function useSetupRequired(): boolean | null {
  const status = useQuery({
    queryKey: setupKeys.status,
    queryFn: ({ signal }) => apiFetch<SetupStatus>("/v1/auth/setup", { signal }),
  });
  return status.data?.setup_required ?? null;
}

const FIELDS = ["setup_code", "name", "email", "password", "organization_name", "organization_slug"] as const;
type Field = (typeof FIELDS)[number];

const INPUTS: [field: Field, label: string, type: "text" | "email" | "password", autoComplete?: string][] = [
  ["setup_code", "Setup code", "text", "one-time-code"],
  ["name", "Your name (optional)", "text", "name"],
  ["email", "Email", "email", "username"],
  ["password", "Password (at least 10 characters)", "password", "new-password"],
  ["organization_name", "Organization name", "text", "organization"],
  ["organization_slug", "Organization slug (its dashboard address)", "text"],
];

export function SetupForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    setup_code: "",
    name: "",
    email: "",
    password: "",
    organization_name: "",
    organization_slug: "",
  });
  // The slug follows the organization's name until the merchant edits it.
  const [slugEdited, setSlugEdited] = useState(false);
  const setup = useMutation({
    mutationKey: [...sessionKeys.all, "setup"],
    mutationFn: (body: SetupBody) => apiFetch<SessionView>("/v1/auth/setup", { method: "POST", body }),
    onSuccess: (view) => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.all, view);
      const first = view.organizations[0];
      router.replace(first ? `/dashboard/${first.slug}` : "/dashboard");
    },
    // Someone finished the setup meanwhile: the page shows the sign-in form instead.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: setupKeys.status });
    },
  });
  // In words like every other form: the API's problems on their field, a taken slug (409) on the
  // slug, anything else above the button.
  const problems = useRequestProblems(setup.error, { fields: FIELDS, conflictField: "organization_slug" });
  const change = (field: Field, value: string) => {
    problems.changed(field);
    if (field === "organization_slug") setSlugEdited(true);
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(field === "organization_name" && !slugEdited ? { organization_slug: slugify(value) } : {}),
    }));
  };

  return (
    <AccountForm
      title="Set up your store"
      intro={
        <>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Create the first merchant account and its organization. This form is shown only once.
          </p>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            The setup code is in the server&apos;s output, on the line <code>Setup code:</code> (a new one at
            each start).
          </p>
        </>
      }
      submitLabel="Create account"
      pendingLabel="Setting up…"
      pending={setup.isPending}
      message={problems.form}
      onSubmit={() => setup.mutate({ ...values, name: values.name.trim() || null })}
    >
      {INPUTS.map(([field, label, type, autoComplete]) => (
        <AccountInput
          key={field}
          label={label}
          name={field}
          type={type}
          autoComplete={autoComplete}
          required={field !== "name"}
          value={values[field]}
          onChange={(value) => change(field, value)}
          problem={problems.field(field)}
        />
      ))}
    </AccountForm>
  );
}
