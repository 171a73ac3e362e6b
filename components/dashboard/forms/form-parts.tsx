"use client";
// The pieces every create/edit form is made of: a labelled field wired to the form's errors, the
// form-level error summary, the save/cancel row, and a metadata (key → value) editor.
import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { controlId, type FormErrorsState } from "./use-form-errors";

/** A Field whose label points at the control `errors.control(name)` gives, with its 422 message. */
export function FormField({
  errors,
  formId,
  name,
  label,
  hint,
  className,
  children,
}: {
  errors: FormErrorsState;
  formId: string;
  name: string;
  label: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Field
      label={label}
      htmlFor={controlId(formId, name)}
      error={errors.field(name)}
      hint={hint}
      className={className}
    >
      {children}
    </Field>
  );
}

/** What the server said that belongs to no field (a 403, a network failure, a nested problem). */
export function FormErrorSummary({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function FormActions({
  busy,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </Button>
    </div>
  );
}
