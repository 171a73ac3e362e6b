"use client";
// "New organization": a name and the slug its dashboard will live under (suggested from the name);
// the merchant becomes its owner and lands on its dashboard.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { useFormErrors } from "../forms/use-form-errors";
import { useCreateOrganization } from "../hooks/organizations";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  EMPTY_NEW_ORGANIZATION,
  NEW_ORGANIZATION_FIELDS,
  newOrganizationBody,
  withName,
  withSlug,
} from "./logic";

const FORM_ID = "new-organization";

export function NewOrganizationForm({ onCancel }: { onCancel?: () => void }) {
  const router = useRouter();
  const notify = useToast();
  const create = useCreateOrganization();
  const errors = useFormErrors(FORM_ID, { fields: NEW_ORGANIZATION_FIELDS, conflictField: "slug" });
  const [form, setForm] = useState(EMPTY_NEW_ORGANIZATION);
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });

  const submit = () => {
    const built = newOrganizationBody(form);
    if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
    errors.clear();
    create.mutate(built.body, {
      onError: errors.fromError,
      onSuccess: (created) => {
        notify("Organization created");
        router.push(`/dashboard/${created.slug}`);
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="New organization"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField errors={errors} formId={FORM_ID} name="name" label="Name">
            <input
              {...control("name")}
              maxLength={120}
              autoFocus
              value={form.name}
              onChange={(e) => setForm((current) => withName(current, e.target.value))}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="slug"
            label="Slug"
            hint={`Its dashboard: /dashboard/${form.slug || "…"}`}
          >
            <input
              {...control("slug")}
              maxLength={64}
              value={form.slug}
              onChange={(e) => setForm((current) => withSlug(current, e.target.value))}
            />
          </FormField>
        </div>
      </Card>
      <FormActions
        busy={create.isPending}
        submitLabel="Create organization"
        onCancel={onCancel ?? (() => router.back())}
      />
    </form>
  );
}
