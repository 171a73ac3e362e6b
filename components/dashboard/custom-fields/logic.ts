// The custom field form's values and the API bodies made from them. `properties` depend on the
// type: text (textarea, min/max length), number (ge/le), date (ge/le as YYYY-MM-DD), checkbox
// (labels only), select (options). Problems found here are keyed like the API's 422 locs.
import type { CreateCustomField, CustomField, UpdateCustomField } from "../hooks/catalog";
import {
  changedFields,
  metadataFromRows,
  metadataRows,
  parseOptionalInt,
  type MetadataRow,
} from "../forms/values";

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "checkbox", "select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  checkbox: "Checkbox",
  select: "Select",
};

export const CUSTOM_FIELD_SORT_FIELDS = ["created_at", "slug", "name", "type"] as const;

export type SelectOption = { value: string; label: string };

export type CustomFieldForm = {
  type: CustomFieldType;
  slug: string;
  name: string;
  form_label: string;
  form_help_text: string;
  form_placeholder: string;
  textarea: boolean;
  min: string;
  max: string;
  options: SelectOption[];
  metadata: MetadataRow[];
};

export const EMPTY_CUSTOM_FIELD_FORM: CustomFieldForm = {
  type: "text",
  slug: "",
  name: "",
  form_label: "",
  form_help_text: "",
  form_placeholder: "",
  textarea: false,
  min: "",
  max: "",
  options: [{ value: "", label: "" }],
  metadata: [],
};

/** The property names of a type's lower and upper bound. */
export function boundNames(type: CustomFieldType): [string, string] | null {
  if (type === "text") return ["min_length", "max_length"];
  if (type === "number" || type === "date") return ["ge", "le"];
  return null;
}

/** Every field name the form shows an error on (option rows included); others go to the summary. */
export function customFieldFields(optionCount: number): string[] {
  const props = ["form_label", "form_help_text", "form_placeholder", "min_length", "max_length", "ge", "le"];
  const fields = ["type", "slug", "name", "metadata", "properties.options"];
  fields.push(...props.map((name) => `properties.${name}`));
  for (let index = 0; index < optionCount; index++) {
    fields.push(`properties.options.${index}.value`, `properties.options.${index}.label`);
  }
  return fields;
}

/** A slug from a name: "Company size" → "company_size". */
export function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 100);
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

export function formFromCustomField(field: CustomField): CustomFieldForm {
  const p = field.properties;
  const bounds = boundNames(field.type);
  const options = Array.isArray(p.options) ? (p.options as SelectOption[]) : [];
  return {
    type: field.type,
    slug: field.slug,
    name: field.name,
    form_label: text(p.form_label),
    form_help_text: text(p.form_help_text),
    form_placeholder: text(p.form_placeholder),
    textarea: p.textarea === true,
    min: bounds ? text(p[bounds[0]]) : "",
    max: bounds ? text(p[bounds[1]]) : "",
    options: options.map((option) => ({ value: option.value, label: option.label })),
    metadata: metadataRows(field.metadata),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The type's `properties` from the form, or problems keyed `properties.<name>`. */
export function propertiesFrom(form: CustomFieldForm): {
  properties: Record<string, unknown>;
  errors: Record<string, string>;
} {
  const properties: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const key of ["form_label", "form_help_text", "form_placeholder"] as const) {
    if (form[key].trim()) properties[key] = form[key].trim();
  }
  if (form.type === "text" && form.textarea) properties.textarea = true;
  const bounds = boundNames(form.type);
  if (bounds) {
    [form.min, form.max].forEach((value, index) => {
      const name = bounds[index]!;
      if (form.type === "date") {
        if (!value) return;
        if (DATE.test(value)) properties[name] = value;
        else errors[`properties.${name}`] = "Enter a date.";
        return;
      }
      const parsed = parseOptionalInt(value);
      if (parsed === undefined) errors[`properties.${name}`] = "Enter a whole number, or leave empty.";
      else if (parsed !== null) properties[name] = parsed;
    });
  }
  if (form.type === "select") {
    if (form.options.length === 0) errors["properties.options"] = "Add at least one option.";
    properties.options = form.options.map((option, index) => {
      const value = option.value.trim();
      if (!value) errors[`properties.options.${index}.value`] = "Enter a value.";
      return { value, label: option.label.trim() || value };
    });
  }
  return { properties, errors };
}

export function customFieldBody(form: CustomFieldForm): {
  body: CreateCustomField;
  errors: Record<string, string>;
} {
  const { properties, errors } = propertiesFrom(form);
  const body: CreateCustomField = {
    type: form.type,
    slug: form.slug.trim(),
    name: form.name.trim(),
    properties,
    metadata: metadataFromRows(form.metadata),
  };
  if (!body.name) errors.name = "Give the field a name.";
  if (!body.slug) errors.slug = "Give the field a slug.";
  return { body, errors };
}

/** The PATCH body: only the changed parts (the type never changes). */
export function customFieldPatch(
  form: CustomFieldForm,
  field: CustomField,
): { body: UpdateCustomField; errors: Record<string, string> } {
  const { body, errors } = customFieldBody({ ...form, type: field.type });
  const { type: _type, ...editable } = body;
  editable.metadata = metadataFromRows(form.metadata, field.metadata);
  return { body: changedFields(field, editable) as UpdateCustomField, errors };
}

/** What the form hook needs of this area (docs/dashboard.md, "Forms"). */
export const CUSTOM_FIELD_FORM_LOGIC = {
  /** Every option row's fields, up to the most options a field can have. */
  fields: customFieldFields(100),
  conflictField: "slug",
  empty: EMPTY_CUSTOM_FIELD_FORM,
  fromRecord: formFromCustomField,
  body: customFieldBody,
  patch: customFieldPatch,
};
