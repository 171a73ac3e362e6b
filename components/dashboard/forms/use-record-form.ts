"use client";
// The state of one create/edit form (docs/dashboard.md, "Forms"): its values, its errors
// (./use-form-errors.ts) and its submit. Problems found before sending and the API's 422s land on
// their fields; changing a field clears its message at once; the submit is pending (the button
// disabled) while the write runs, and `saved` from its success until the next change.
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { UseMutationResult } from "@tanstack/react-query";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { useToast } from "../ui/toast";
import type { FormErrorOptions } from "./form-errors";
import { useFormErrors } from "./use-form-errors";

import type { Built } from "./values";

export type { Built };

export type RecordFormOptions<Values, Body, Saved> = FormErrorOptions & {
  /** Prefix of the controls' ids (`${id}-${field}`). */
  id: string;
  initial: () => Values;
  build: (values: Values) => Built<Body>;
  save: (body: Body) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  /** Called instead of sending when the body is empty (a PATCH of nothing). */
  onNothingToSave?: () => void;
};

export function useRecordForm<Values extends object, Body extends object, Saved>(
  options: RecordFormOptions<Values, Body, Saved>,
) {
  const { id, fields, conflictField } = options;
  const errors = useFormErrors(id, { fields, conflictField });
  const [values, setValues] = useState<Values>(options.initial);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  /** A change of the values; `field` (and what is under it) loses its message. */
  const change = (update: (current: Values) => Values, field?: string) => {
    setValues(update);
    setSaved(false);
    if (field !== undefined) errors.clearField(field);
  };

  const submit = async () => {
    if (pending) return;
    const built = options.build(values);
    if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
    errors.clear();
    if (options.onNothingToSave && !Object.keys(built.body).length) return options.onNothingToSave();
    setPending(true);
    try {
      const result = await options.save(built.body);
      setSaved(true);
      options.onSaved(result);
    } catch (failure) {
      errors.fromError(failure);
    } finally {
      setPending(false);
    }
  };

  return {
    id,
    values,
    errors,
    pending,
    saved,
    submit,
    change,
    /** Sets one value; its field (by default named like the value) loses its message. */
    set: <K extends keyof Values & string>(key: K, value: Values[K], field: string = key) =>
      change((current) => ({ ...current, [key]: value }), field),
    /** Replaces every value (the record as saved), without touching `saved`. */
    reset: (next: Values) => setValues(next),
    /** A text control's props: id, aria wiring and the dashboard's input style. */
    control: (field: string) => ({ ...errors.control(field), className: inputClass }),
  };
}

export type RecordForm<Values extends object = Record<string, unknown>> = ReturnType<
  typeof useRecordForm<Values, object, unknown>
>;

type Mutation<Result, Body> = UseMutationResult<Result, Error, Body>;

/** What a resource's form needs of its hooks (./hooks/resource.ts, or an area's own). */
export type SavingHooks<R, Create, Update> = {
  useCreate: () => Mutation<R, Create>;
  useUpdate: (id: string) => Mutation<R, Update>;
};

/** Which resource a form writes: its hooks, the record being edited (none when creating), the
 * organization's path of its list ("/discounts", where a new record's page is) and its name. */
export type ResourceTarget<R, Create, Update> = {
  hooks: SavingHooks<R, Create, Update>;
  record?: R;
  path: string;
  noun: string;
};

/**
 * The area's own logic, declared once in its logic.ts: the form's fields (for the 422 problems),
 * the empty form, the form of a record, and the bodies built from a form.
 */
export type ResourceFormLogic<Values, R, Create, Update> = FormErrorOptions & {
  empty: Values | (() => Values);
  fromRecord: (record: R) => Values;
  body: (values: Values) => Built<Create>;
  patch: (values: Values, record: R) => Built<Update>;
};

export type ResourceFormExtras<R> = {
  /** The controls' id prefix; the path's last word in the singular by default ("discount"). */
  id?: string;
  /** The toasts; "<noun> created" and "<noun> saved" by default. */
  messages?: { created: string; saved: string };
  /** Instead of going to the new record or showing the saved one (a form inside a dialog). */
  onDone?: (saved: R) => void;
  onNothingToSave?: () => void;
};

/**
 * The form of one /v1 resource of the organization: POST (with organization_id) when creating,
 * PATCH of what changed when editing; then a toast, and the new record's page or the saved values.
 * `cancel` goes back to the list.
 */
export function useResourceForm<Values extends object, R extends { id: string }, Create, Update>(
  target: ResourceTarget<R, Create, Update>,
  logic: ResourceFormLogic<Values, R, Create, Update>,
  extras: ResourceFormExtras<R> = {},
) {
  const { record, hooks, path, noun } = target;
  const { fromRecord } = logic;
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = hooks.useCreate();
  const update = hooks.useUpdate(record?.id ?? "");
  const messages = extras.messages ?? { created: `${noun} created`, saved: `${noun} saved` };
  const form = useRecordForm<Values, object, R>({
    fields: logic.fields,
    conflictField: logic.conflictField,
    id: extras.id ?? path.slice(1).replace(/s$/, ""),
    initial: () =>
      record
        ? fromRecord(record)
        : typeof logic.empty === "function"
          ? (logic.empty as () => Values)()
          : logic.empty,
    build: (values) => (record ? logic.patch(values, record) : logic.body(values)) as Built<object>,
    save: (body) =>
      record
        ? update.mutateAsync(body as Update)
        : create.mutateAsync({ ...body, organization_id: organization.id } as Create),
    onSaved: (saved) => {
      notify(record ? messages.saved : messages.created);
      if (extras.onDone) extras.onDone(saved);
      else if (record) form.reset(fromRecord(saved));
      else router.push(orgPath(`${path}/${saved.id}`));
    },
    onNothingToSave: extras.onNothingToSave,
  });
  return { ...form, editing: record !== undefined, cancel: () => router.push(orgPath(path)) };
}
