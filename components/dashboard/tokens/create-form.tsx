"use client";
// "Create token": a name, the scopes (every scope the API knows, read and write per resource) and
// an optional expiry. Problems found here or answered by the API (422) show under their field.
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { SelectField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useRecordForm } from "../forms/use-record-form";
import { useCreateAccessToken, type CreatedAccessToken } from "../hooks/access-tokens";
import { Card } from "../ui/misc";
import { EXPIRY_CHOICES, expiresAtFor, type ExpiryChoice } from "./logic";
import { ScopesField } from "./scopes-field";

type Values = { comment: string; scopes: Scope[]; expiry: ExpiryChoice; date: string };
const EMPTY: Values = { comment: "", scopes: [], expiry: "never", date: "" };

function tokenBody(values: Values, organizationId: string) {
  const errors: Record<string, string> = {};
  const comment = values.comment.trim();
  if (!comment) errors.comment = "Give the token a name.";
  if (values.scopes.length === 0) errors.scopes = "Pick at least one scope.";
  const expiresAt = expiresAtFor(values.expiry, values.date);
  if (expiresAt === undefined) errors.expires_at = "Pick a date.";
  return {
    body: { organization_id: organizationId, comment, scopes: values.scopes, expires_at: expiresAt ?? null },
    errors,
  };
}

export function CreateTokenForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: string;
  onCreated: (created: CreatedAccessToken) => void;
  onCancel: () => void;
}) {
  const create = useCreateAccessToken(organizationId);
  const form = useRecordForm({
    id: "token",
    fields: ["comment", "scopes", "expires_at"],
    initial: () => EMPTY,
    build: (values) => tokenBody(values, organizationId),
    save: (body) => create.mutateAsync(body),
    onSaved: onCreated,
  });
  const custom = form.values.expiry === "custom";

  return (
    <Card title="New access token">
      <RecordFormFrame form={form} submitLabel="Create token" onCancel={onCancel}>
        <TextField
          name="comment"
          label="Name"
          className="max-w-md"
          maxLength={120}
          hint="What uses it, e.g. “License server”."
        />
        <ScopesField
          formId={form.id}
          errors={form.errors}
          value={form.values.scopes}
          onChange={(scopes) => form.set("scopes", scopes)}
          all={SCOPES}
        />
        <div className="flex flex-wrap items-start gap-3">
          <SelectField
            name="expiry"
            field={custom ? "expiry" : "expires_at"}
            label="Expires"
            className="w-44"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
          {custom ? (
            <TextField name="date" field="expires_at" label="Expiry date" type="date" className="w-44" />
          ) : null}
        </div>
      </RecordFormFrame>
    </Card>
  );
}
