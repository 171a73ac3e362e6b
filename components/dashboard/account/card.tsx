"use client";
// The account forms (sign-in, setup, forgotten, reset and changed password; docs/dashboard.md,
// "Forms"): one card with a title, labelled inputs each with its message, the form's own message,
// and a submit button that is disabled while the request runs. Messages come from the shared form
// errors (../forms/form-errors.ts: the API's problems in words) and a field's message goes as soon
// as the field changes.
import { useState, type ReactNode } from "react";
import { formErrorsFrom, NO_ERRORS, type FormErrorOptions } from "../forms/form-errors";
import { Button } from "../ui/button";

export const cardClass =
  "w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900";

export const inputClass =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

export const linkClass = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

/** A labelled input and the message of its field. */
export function AccountInput({
  label,
  name,
  type = "text",
  autoComplete,
  required = true,
  value,
  onChange,
  problem,
}: {
  label: string;
  name: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  problem?: string | null;
}) {
  return (
    <label className="mt-4 block text-sm font-medium">
      {label}
      <input
        className={inputClass}
        type={type}
        name={name}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={!!problem}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? <span className="mt-1 block text-xs text-red-600 dark:text-red-400">{problem}</span> : null}
    </label>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/** An account card's form: title, intro, fields, the form's message, the submit and a footer. */
export function AccountForm({
  title,
  intro,
  message,
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  onSubmit,
  children,
  footer,
  className = cardClass,
  buttonClassName = "mt-6 w-full",
}: {
  title?: string;
  intro?: ReactNode;
  message?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {title ? <h1 className="text-xl font-semibold">{title}</h1> : null}
      {intro}
      {children}
      {message ? <FormAlert>{message}</FormAlert> : null}
      <Button type="submit" variant="primary" className={buttonClassName} disabled={pending || disabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

/**
 * The messages of a failed request, per field and for the form; a field's message is hidden once
 * the field changed after that failure (`changed`).
 */
export function useRequestProblems(error: unknown, options: FormErrorOptions) {
  const [cleared, setCleared] = useState<{ error: unknown; fields: string[] }>({ error: null, fields: [] });
  const errors = error ? formErrorsFrom(error, options) : NO_ERRORS;
  const hidden = cleared.error === error ? cleared.fields : [];
  return {
    field: (name: string): string | undefined => (hidden.includes(name) ? undefined : errors.fields[name]),
    /** What belongs to no field of the form. */
    form: errors.form[0] ?? null,
    changed: (name: string) => {
      if (error && !hidden.includes(name)) setCleared({ error, fields: [...hidden, name] });
    },
  };
}

/** The email an account signs in with. */
export function EmailInput({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (value: string) => void;
  problem?: string | null;
}) {
  return (
    <AccountInput
      label="Email"
      name="email"
      type="email"
      autoComplete="username"
      value={value}
      onChange={onChange}
      problem={problem}
    />
  );
}
