"use client";
// /dashboard/<org>/custom-fields/new and /dashboard/<org>/custom-fields/<id>: the form, and on an
// existing field a Delete that asks first (a field a product uses is refused with 409: its message
// is shown in the dialog).
import { recordPages } from "../forms/edit-page";
import { customFields } from "../hooks/catalog";
import { CustomFieldForm } from "./form";
import { TYPE_LABELS } from "./logic";

export const { NewPage: NewCustomFieldPage, EditPage: EditCustomFieldPage } = recordPages({
  hooks: customFields,
  title: (field) => field.name,
  summary: (field) => `${TYPE_LABELS[field.type]} field`,
  deleteExplains: "Only a field no product uses can be deleted. Answers already saved on orders are kept.",
  form: (field) => <CustomFieldForm key={field?.id} field={field} />,
});
