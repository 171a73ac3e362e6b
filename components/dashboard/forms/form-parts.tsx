"use client";
// The frame every create/edit form is made of (docs/dashboard.md, "Forms"): the <form> around a
// form's state (./use-record-form.ts) shared with its fields (./form-fields.tsx), the summary of
// what belongs to no field, and the save/cancel row with its pending and saved states.
import { createContext, useContext, type ReactNode } from "react";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import type { FormErrorsState } from "./use-form-errors";
import { controlId } from "./use-form-errors";

/** What the fields of a form read from it; any useRecordForm() result is one. */
export type FormState = {
  id: string;
  values: object;
  errors: FormErrorsState;
  pending: boolean;
  saved: boolean;
  submit: () => unknown;
  control: (field: string) => ReturnType<FormErrorsState["control"]> & { className: string };
  set: (key: string, value: unknown, field?: string) => void;
};

const FormContext = createContext<FormState | null>(null);

/** The enclosing form's state (inside a RecordFormFrame). */
export function useFormState(): FormState {
  const form = useContext(FormContext);
  if (!form) throw new Error("A form field is used outside its form");
  return form;
}

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

/** What the server said that belongs to no field (a 403, a network failure, an unknown field). */
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

/** Save (disabled and "Saving…" while pending, "Saved" beside it once done) and an optional Cancel. */
export function FormActions({
  busy,
  saved = false,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  saved?: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className="flex items-center justify-end gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {saved && !busy ? (
        <span data-testid="form-saved" className="text-sm text-emerald-700 dark:text-emerald-400">
          ✓ Saved
        </span>
      ) : null}
      {onCancel ? (
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </Button>
    </div>
  );
}

/**
 * A form around its state: submits it (no browser validation: the form's own checks and the
 * API's speak in the page's words), shows what belongs to no field at the top, its fields
 * (children) and the actions.
 */
export function RecordFormFrame({
  form,
  noun,
  label,
  submitLabel,
  onCancel,
  children,
}: {
  form: (FormState | { [K in keyof FormState]: unknown }) & { editing?: boolean; cancel?: () => void };
  /**
   * A resource form's noun ("checkout link"): names the form "New …"/"Edit …" and its button
   * "Create …"/"Save …" unless `label` or `submitLabel` say otherwise.
   */
  noun?: string;
  /** The form's accessible name, e.g. "New endpoint". */
  label?: string;
  submitLabel?: string;
  /** Cancel's action; a resource form's own `cancel` (back to the list) by default. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const state = form as FormState;
  const editing = form.editing === true;
  const name = label ?? (noun ? `${editing ? "Edit" : "New"} ${noun}` : undefined);
  const submit = submitLabel ?? (noun ? `${editing ? "Save" : "Create"} ${noun}` : "Save");
  const cancel = onCancel ?? form.cancel;
  return (
    <FormContext.Provider value={state}>
      <form
        noValidate
        aria-label={name}
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          // A form inside a dialog of another form must not submit that one too.
          event.stopPropagation();
          void state.submit();
        }}
      >
        <FormErrorSummary messages={state.errors.errors.form} />
        {children}
        <FormActions busy={state.pending} saved={state.saved} submitLabel={submit} onCancel={cancel} />
      </form>
    </FormContext.Provider>
  );
}
