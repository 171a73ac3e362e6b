"use client";
// The custom field form: create (any type) or edit (the type is fixed). Problems found here or
// answered by the API (422, 409 for a taken slug) show on their field, option rows included. Inside
// another form's dialog (the product form), `onDone` receives the new field instead of the page
// going to it.
import { useState } from "react";
import { MetadataCard, SelectField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useResourceForm } from "../forms/use-record-form";
import { customFields, type CustomField } from "../hooks/catalog";
import { Card } from "../ui/misc";
import { CUSTOM_FIELD_TYPES, slugFrom, TYPE_LABELS, CUSTOM_FIELD_FORM_LOGIC } from "./logic";
import { PropertiesFields } from "./properties-fields";

const CHECKOUT_TEXTS = [
  ["form_label", "Label", 255],
  ["form_placeholder", "Placeholder", 255],
  ["form_help_text", "Help text", 1000],
] as const;

export function CustomFieldForm({
  field,
  onDone,
  onCancel,
}: {
  field?: CustomField;
  onDone?: (saved: CustomField) => void;
  onCancel?: () => void;
}) {
  const form = useResourceForm(
    { hooks: customFields, record: field, path: "/custom-fields", noun: "Custom field" },
    CUSTOM_FIELD_FORM_LOGIC,
    { onDone },
  );
  // The slug follows the name until the merchant edits it.
  const [slugEdited, setSlugEdited] = useState(field !== undefined);

  return (
    <RecordFormFrame form={form} noun="field" onCancel={onCancel}>
      <Card title="Field">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField name="type" label="Type" disabled={form.editing}>
            {CUSTOM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TextField
            name="name"
            label="Name"
            maxLength={255}
            onValue={(name) =>
              form.change((current) => ({
                ...current,
                name,
                slug: slugEdited ? current.slug : slugFrom(name),
              }))
            }
          />
          <TextField
            name="slug"
            label="Slug"
            maxLength={100}
            hint="The answer's key in orders."
            onValue={(slug) => {
              setSlugEdited(true);
              form.set("slug", slug);
            }}
          />
        </div>
      </Card>
      <Card title="At checkout">
        <div className="mb-4 grid gap-4 sm:grid-cols-3">
          {CHECKOUT_TEXTS.map(([key, label, max]) => (
            <TextField key={key} name={key} field={`properties.${key}`} label={label} maxLength={max} />
          ))}
        </div>
        <PropertiesFields formId={form.id} errors={form.errors} values={form.values} set={form.set} />
      </Card>
      <MetadataCard />
    </RecordFormFrame>
  );
}
