"use client";
// The errors of one form: set from a failed write (or from checks made before sending), read per
// field, and the first field in error focused so a keyboard or screen reader user lands on it. A
// field's message goes as soon as the field changes (`clearField`): the merchant is correcting it.
import { useCallback, useMemo, useState } from "react";
import { formErrorsFrom, NO_ERRORS, type FormErrorOptions, type FormErrors } from "./form-errors";

/** The id of a field's control: `${formId}-${field}` with dots as dashes. */
export function controlId(formId: string, field: string): string {
  return `${formId}-${field.replace(/\./g, "-")}`;
}

export function useFormErrors(formId: string, options: FormErrorOptions) {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const { fields, conflictField } = options;

  const show = useCallback(
    (next: FormErrors) => {
      setErrors(next);
      const first = fields.find((field) => next.fields[field]);
      if (first === undefined) return;
      // After the render that marks the field invalid.
      requestAnimationFrame(() => document.getElementById(controlId(formId, first))?.focus());
    },
    [fields, formId],
  );

  return useMemo(
    () => ({
      errors,
      /** The message under `field`, if any. */
      field: (field: string): string | undefined => errors.fields[field],
      fromError: (error: unknown) => show(formErrorsFrom(error, { fields, conflictField })),
      show,
      clear: () => setErrors(NO_ERRORS),
      /** Forgets the messages of `field` and of the fields under it: it was changed, maybe corrected. */
      clearField: (field: string) =>
        setErrors((current) => {
          const stale = Object.keys(current.fields).filter(
            (name) => name === field || name.startsWith(`${field}.`),
          );
          if (!stale.length) return current;
          const fields = { ...current.fields };
          for (const name of stale) delete fields[name];
          return { ...current, fields };
        }),
      /** Props for a control: its id and, when in error, aria-invalid and the message's id. */
      control: (field: string) => {
        const id = controlId(formId, field);
        const message = errors.fields[field];
        return {
          id,
          "aria-invalid": message ? true : undefined,
          "aria-describedby": message ? `${id}-error` : undefined,
        };
      },
    }),
    [errors, show, fields, conflictField, formId],
  );
}

export type FormErrorsState = ReturnType<typeof useFormErrors>;
