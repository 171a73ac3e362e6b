"use client";
// "Create token": a name, the scopes (every scope the API knows, read and write per resource) and
// an optional expiry. Problems found here or answered by the API (422) show under their field.
import { useState } from "react";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { ApiRequestError } from "@/components/api-client";
import { useCreateAccessToken, type CreatedAccessToken } from "../hooks/access-tokens";
import { describedBy, Field, inputClass } from "../ui/field";
import { problemsByField } from "../license-keys/logic";
import { Button } from "../ui/button";
import { Card } from "../ui/misc";
import { EXPIRY_CHOICES, expiresAtFor, groupScopes, type ExpiryChoice } from "./logic";

const GROUPS = groupScopes(SCOPES);

export function CreateTokenForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: string;
  onCreated: (created: CreatedAccessToken) => void;
  onCancel: () => void;
}) {
  const create = useCreateAccessToken(organizationId);
  const [comment, setComment] = useState("");
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>("never");
  const [date, setDate] = useState("");
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});

  const apiError = create.error instanceof ApiRequestError ? create.error : null;
  const errors = { ...problemsByField(apiError?.problems ?? []), ...localErrors };
  const generalError =
    create.error && !["comment", "scopes", "expires_at"].some((field) => errors[field])
      ? create.error.message
      : null;

  const toggle = (scope: Scope, checked: boolean) =>
    setScopes((current) =>
      checked
        ? SCOPES.filter((item) => item === scope || current.includes(item))
        : current.filter((s) => s !== scope),
    );

  return (
    <Card title="New access token">
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          const problems: Record<string, string> = {};
          if (!comment.trim()) problems.comment = "Give the token a name.";
          if (scopes.length === 0) problems.scopes = "Pick at least one scope.";
          const expiresAt = expiresAtFor(expiry, date);
          if (expiresAt === undefined) problems.expires_at = "Pick a date.";
          setLocalErrors(problems);
          if (Object.keys(problems).length) return;
          create.mutate(
            {
              organization_id: organizationId,
              comment: comment.trim(),
              scopes,
              expires_at: expiresAt ?? null,
            },
            { onSuccess: onCreated },
          );
        }}
      >
        <Field
          label="Name"
          htmlFor="token-name"
          error={errors.comment}
          hint="What uses it, e.g. “License server”."
        >
          <input
            id="token-name"
            className={`${inputClass} max-w-md`}
            maxLength={120}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            {...describedBy("token-name", errors.comment, true)}
          />
        </Field>

        <fieldset aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
          <legend className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-300">Scopes</legend>
          <div className="mb-2 flex gap-2">
            <Button size="sm" variant="ghost" onClick={() => setScopes([...SCOPES])}>
              Select all
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setScopes([])}>
              Clear
            </Button>
          </div>
          <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
            {GROUPS.map((group) => (
              <div key={group.resource} role="group" aria-label={group.label} className="text-sm">
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{group.label}</span>
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {group.scopes.map((scope) => (
                    <label key={scope} className="inline-flex items-center gap-1.5">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-indigo-600"
                        checked={scopes.includes(scope)}
                        onChange={(event) => toggle(scope, event.target.checked)}
                      />
                      <code className="font-mono text-xs">{scope}</code>
                    </label>
                  ))}
                </span>
              </div>
            ))}
          </div>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">A write scope also allows reading.</p>
          {errors.scopes ? (
            <p id="token-scopes-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap items-start gap-3">
          <Field label="Expires" htmlFor="token-expiry">
            <select
              id="token-expiry"
              className={`${inputClass} w-44`}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Field>
          {expiry === "custom" ? (
            <Field label="Expiry date" htmlFor="token-expiry-date" error={errors.expires_at}>
              <input
                id="token-expiry-date"
                type="date"
                className={`${inputClass} w-44`}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                {...describedBy("token-expiry-date", errors.expires_at)}
              />
            </Field>
          ) : errors.expires_at ? (
            <p className="mt-6 text-xs text-red-600 dark:text-red-400">{errors.expires_at}</p>
          ) : null}
        </div>

        {generalError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {generalError}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create token"}
          </Button>
          <Button onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
