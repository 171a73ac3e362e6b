"use client";
// The custom field form: create (any type) or edit (the type is fixed). Problems found here or
// answered by the API (422, 409 for a taken slug) show on their field, option rows included.
import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { customFields, type CustomField } from "../hooks/custom-fields";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { MetadataEditor } from "../forms/metadata-editor";
import { useFormErrors } from "../forms/use-form-errors";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  CUSTOM_FIELD_TYPES,
  customFieldBody,
  customFieldFields,
  customFieldPatch,
  EMPTY_CUSTOM_FIELD_FORM,
  formFromCustomField,
  slugFrom,
  TYPE_LABELS,
  type CustomFieldForm as Values,
  type CustomFieldType,
} from "./logic";
import { PropertiesFields } from "./properties-fields";

const FORM_ID = "custom-field";

export function CustomFieldForm({ field }: { field?: CustomField }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = customFields.useCreate();
  const update = customFields.useUpdate(field?.id ?? "");
  const [values, setValues] = useState<Values>(() =>
    field ? formFromCustomField(field) : EMPTY_CUSTOM_FIELD_FORM,
  );
  const [slugEdited, setSlugEdited] = useState(field !== undefined);
  const optionCount = values.options.length;
  const fields = useMemo(() => customFieldFields(optionCount), [optionCount]);
  const errors = useFormErrors(FORM_ID, { fields, conflictField: "slug" });
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });
  const editing = field !== undefined;

  const done = (saved: CustomField) => {
    notify(editing ? "Custom field saved" : "Custom field created");
    if (editing) setValues(formFromCustomField(saved));
    else router.push(orgPath(`/custom-fields/${saved.id}`));
  };
  const submit = () => {
    const options = { onSuccess: done, onError: errors.fromError };
    if (field) {
      const patch = customFieldPatch(values, field);
      if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
      errors.clear();
      update.mutate(patch.body, options);
    } else {
      const built = customFieldBody(values);
      if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
      errors.clear();
      create.mutate({ ...built.body, organization_id: organization.id }, options);
    }
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card title="Field">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField errors={errors} formId={FORM_ID} name="type" label="Type">
            <select
              {...control("type")}
              disabled={editing}
              value={values.type}
              onChange={(event) => set("type", event.target.value as CustomFieldType)}
            >
              {CUSTOM_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="name" label="Name">
            <input
              {...control("name")}
              maxLength={255}
              value={values.name}
              onChange={(event) => {
                set("name", event.target.value);
                if (!slugEdited) set("slug", slugFrom(event.target.value));
              }}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="slug"
            label="Slug"
            hint="The answer's key in orders."
          >
            <input
              {...control("slug")}
              maxLength={100}
              value={values.slug}
              onChange={(event) => {
                setSlugEdited(true);
                set("slug", event.target.value);
              }}
            />
          </FormField>
        </div>
      </Card>
      <Card title="At checkout">
        <div className="mb-4 grid gap-4 sm:grid-cols-3">
          {(
            [
              ["form_label", "Label", 255],
              ["form_placeholder", "Placeholder", 255],
              ["form_help_text", "Help text", 1000],
            ] as const
          ).map(([key, label, max]) => (
            <FormField key={key} errors={errors} formId={FORM_ID} name={`properties.${key}`} label={label}>
              <input
                {...control(`properties.${key}`)}
                maxLength={max}
                value={values[key]}
                onChange={(event) => set(key, event.target.value)}
              />
            </FormField>
          ))}
        </div>
        <PropertiesFields formId={FORM_ID} errors={errors} values={values} set={set} />
      </Card>
      <Card>
        <MetadataEditor
          formId={FORM_ID}
          errors={errors}
          rows={values.metadata}
          onChange={(rows) => set("metadata", rows)}
        />
      </Card>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={editing ? "Save field" : "Create field"}
        onCancel={() => router.push(orgPath("/custom-fields"))}
      />
    </form>
  );
}
