// The look shared by the signed-out account pages (sign-in, forgotten and reset password) and the
// change-password form: one card, labelled inputs, a message per field.
import type { ReactNode } from "react";

export const cardClass =
  "w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900";

export const inputClass =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

export const linkClass = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

export function PasswordInput({
  label,
  name,
  autoComplete,
  value,
  onChange,
  problem,
}: {
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (value: string) => void;
  problem?: string | null;
}) {
  return (
    <label className="mt-4 block text-sm font-medium">
      {label}
      <input
        className={inputClass}
        type="password"
        name={name}
        autoComplete={autoComplete}
        required
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

/** The message of a 422's problem at `field`, if any. */
export function problemAt(error: unknown, field: string): string | null {
  const problems = (error as { problems?: { loc: (string | number)[]; msg: string }[] } | null)?.problems;
  return problems?.find((problem) => problem.loc[1] === field)?.msg ?? null;
}
