"use client";
// "New organization": a name, the slug its dashboard will live under (suggested from the name) and
// whether it is live (docs/payments.md); the merchant becomes its owner and lands on its dashboard.
import { useRouter } from "next/navigation";
import { CheckboxField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useRecordForm } from "../forms/use-record-form";
import { useCreateOrganization } from "../hooks/organizations";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  EMPTY_NEW_ORGANIZATION,
  NEW_ORGANIZATION_FIELDS,
  newOrganizationBody,
  withName,
  withSlug,
} from "./logic";

export function NewOrganizationForm({ onCancel }: { onCancel?: () => void }) {
  const router = useRouter();
  const notify = useToast();
  const create = useCreateOrganization();
  const form = useRecordForm({
    id: "new-organization",
    fields: NEW_ORGANIZATION_FIELDS,
    conflictField: "slug",
    initial: () => EMPTY_NEW_ORGANIZATION,
    build: newOrganizationBody,
    save: (body) => create.mutateAsync(body),
    onSaved: (created) => {
      notify("Organization created");
      router.push(`/dashboard/${created.slug}`);
    },
  });

  return (
    <RecordFormFrame
      form={form}
      label="New organization"
      submitLabel="Create organization"
      onCancel={onCancel ?? (() => router.back())}
    >
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label="Name"
            maxLength={120}
            autoFocus
            onValue={(name) => form.change((current) => withName(current, name))}
          />
          <TextField
            name="slug"
            label="Slug"
            maxLength={64}
            hint={`Its dashboard: /dashboard/${form.values.slug || "…"}`}
            onValue={(slug) => form.change((current) => withSlug(current, slug))}
          />
          <CheckboxField
            name="livemode"
            className="sm:col-span-2"
            label="Live: takes real payments once a card processor is set up. Chosen now, never changed; a test organization takes test payments only."
          />
        </div>
      </Card>
    </RecordFormFrame>
  );
}
