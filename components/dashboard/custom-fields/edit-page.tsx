"use client";
// /dashboard/<org>/custom-fields/new and /dashboard/<org>/custom-fields/<id>: the form, and on an
// existing field a Delete that asks first (a field a product uses is refused with 409: its message
// is shown in the dialog).
import { formatDateTime } from "../format";
import { EditRecordPage, NewRecordPage } from "../forms/edit-page";
import { customFields } from "../hooks/custom-fields";
import { CustomFieldForm } from "./form";
import { TYPE_LABELS } from "./logic";

const BACK = { path: "/custom-fields", label: "Custom fields" };

export function NewCustomFieldPage() {
  return (
    <NewRecordPage back={BACK} title="New custom field">
      <CustomFieldForm />
    </NewRecordPage>
  );
}

export function EditCustomFieldPage({ id }: { id: string }) {
  return (
    <EditRecordPage
      back={BACK}
      query={customFields.useOne(id)}
      what="Custom field"
      title={(field) => field.name}
      summary={(field) => `${TYPE_LABELS[field.type]} field · created ${formatDateTime(field.created_at)}`}
      remove={{
        hooks: customFields,
        explain: "Only a field no product uses can be deleted. Answers already saved on orders are kept.",
      }}
    >
      {(field) => <CustomFieldForm key={field.id} field={field} />}
    </EditRecordPage>
  );
}
