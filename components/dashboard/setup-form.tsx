"use client";
// The one-time setup of an install with no merchant yet (shown by the sign-in page instead of its
// form): the first merchant's account and organization, then straight into its dashboard. It needs
// the setup code the server printed at start (docs/accounts.md).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { setupBody, setupStatusSchema } from "@/lib/organizations/setup";
import { slugify } from "@/lib/organizations/slug";
import { ApiRequestError, apiFetch } from "@/components/api-client";
import { sessionKeys, type SessionView } from "./hooks/session";
import { Button } from "./ui/button";

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

/** A message per field from a 422, or one for the form. */
function problemsOf(error: unknown): { fields: Partial<Record<Field, string>>; form: string | null } {
  if (!(error instanceof ApiRequestError))
    return { fields: {}, form: "Something went wrong. Please try again." };
  if (error.status === 409) return { fields: { organization_slug: error.message }, form: null };
  if (error.status !== 422) return { fields: {}, form: error.message };
  const fields: Partial<Record<Field, string>> = {};
  for (const problem of error.problems) {
    const field = problem.loc[1] as Field;
    if (FIELDS.includes(field)) fields[field] ??= problem.msg;
  }
  return { fields, form: Object.keys(fields).length ? null : error.message };
}

const inputClass =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

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
  const problems = setup.isError ? problemsOf(setup.error) : { fields: {}, form: null };

  const input = (field: Field, label: string, type = "text", autoComplete?: string) => (
    <label className="mt-4 block text-sm font-medium">
      {label}
      <input
        className={inputClass}
        type={type}
        name={field}
        autoComplete={autoComplete}
        required={field !== "name"}
        aria-invalid={!!problems.fields[field]}
        value={values[field]}
        onChange={(event) => {
          const value = event.target.value;
          if (field === "organization_slug") setSlugEdited(true);
          setValues((current) => ({
            ...current,
            [field]: value,
            ...(field === "organization_name" && !slugEdited ? { organization_slug: slugify(value) } : {}),
          }));
        }}
      />
      {problems.fields[field] ? (
        <span className="mt-1 block text-xs text-red-600 dark:text-red-400">{problems.fields[field]}</span>
      ) : null}
    </label>
  );

  return (
    <form
      className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        setup.mutate({ ...values, name: values.name.trim() || null });
      }}
    >
      <h1 className="text-xl font-semibold">Set up your store</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Create the first merchant account and its organization. This form is shown only once.
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        The setup code is in the server&apos;s output, on the line <code>Setup code:</code> (a new one at each
        start).
      </p>
      {input("setup_code", "Setup code", "text", "one-time-code")}
      {input("name", "Your name (optional)", "text", "name")}
      {input("email", "Email", "email", "username")}
      {input("password", "Password (at least 10 characters)", "password", "new-password")}
      {input("organization_name", "Organization name", "text", "organization")}
      {input("organization_slug", "Organization slug (its dashboard address)")}
      {problems.form ? (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {problems.form}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="mt-6 w-full" disabled={setup.isPending}>
        {setup.isPending ? "Setting up…" : "Create account"}
      </Button>
    </form>
  );
}
