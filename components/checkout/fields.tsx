// Form primitives: every control has a visible label, its help and error linked through
// aria-describedby, aria-invalid when it has an error, and required ones marked for eyes and
// assistive technology alike.
import type { ComponentProps, ReactNode } from "react";
import { useTranslator } from "@/components/i18n/translator-context";

export const inputClass =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-xs " +
  "placeholder:text-zinc-400 focus:border-blue-600 focus:ring-3 focus:ring-blue-600/20 focus:outline-none " +
  "disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm " +
  "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600/20 " +
  "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 " +
  "dark:focus:border-blue-400 dark:aria-[invalid=true]:border-red-400";

export function describedBy(id: string, parts: { help?: unknown; error?: unknown }) {
  const ids = [parts.help ? `${id}-help` : null, parts.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}

type FieldProps = {
  id: string;
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  help?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
};

/** Label, control, help and error, stacked. */
export function Field({ id, label, required, optional, help, error, className, children }: FieldProps) {
  const tr = useTranslator();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
            *
          </span>
        ) : null}
        {optional ? (
          <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">
            {tr.t("checkout.optional")}
          </span>
        ) : null}
      </label>
      {children}
      {help ? (
        <p id={`${id}-help`} className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          {help}
        </p>
      ) : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "id"> & { id: string; error?: string; help?: unknown };

export function TextInput({ id, error, help, className, ...rest }: InputProps) {
  return (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, { help, error })}
      className={`${inputClass} ${className ?? ""}`}
      {...rest}
    />
  );
}

type SelectProps = Omit<ComponentProps<"select">, "id"> & { id: string; error?: string; help?: unknown };

export function Select({ id, error, help, className, children, ...rest }: SelectProps) {
  return (
    <select
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, { help, error })}
      className={`${inputClass} pr-8 ${className ?? ""}`}
      {...rest}
    >
      {children}
    </select>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <fieldset id={id} className="min-w-0 space-y-4">
      <legend className="mb-3 text-base font-semibold text-zinc-900 dark:text-zinc-100">{title}</legend>
      {children}
    </fieldset>
  );
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={`motion-safe:animate-spin ${className}`}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
