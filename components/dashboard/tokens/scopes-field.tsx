"use client";
// The scopes of a new access token, read and write per resource, with "Select all" and "Clear".
import type { Scope } from "@/lib/auth/scopes";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { Button } from "../ui/button";
import { groupScopes } from "./logic";

export function ScopesField({
  formId,
  errors,
  value,
  onChange,
  all,
}: {
  formId: string;
  errors: FormErrorsState;
  value: Scope[];
  onChange: (scopes: Scope[]) => void;
  all: readonly Scope[];
}) {
  const id = controlId(formId, "scopes");
  const message = errors.field("scopes");
  // Kept in the order of `all`, whatever the order of the clicks.
  const toggle = (scope: Scope, checked: boolean) =>
    onChange(
      checked
        ? all.filter((item) => item === scope || value.includes(item))
        : value.filter((s) => s !== scope),
    );
  return (
    <fieldset aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-300">Scopes</legend>
      <div className="mb-2 flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => onChange([...all])}>
          Select all
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange([])}>
          Clear
        </Button>
      </div>
      <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        {groupScopes(all).map((group) => (
          <div key={group.resource} role="group" aria-label={group.label} className="text-sm">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{group.label}</span>
            <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {group.scopes.map((scope) => (
                <label key={scope} className="inline-flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-indigo-600"
                    checked={value.includes(scope)}
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
      {message ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
