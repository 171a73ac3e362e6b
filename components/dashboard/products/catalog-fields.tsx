"use client";
// Pickers for what a product links to: its benefits (ticked, in the list's order) and the custom
// fields its checkout asks (picked one by one, each optional or required, in order). A benefit or
// a field made here (in a dialog: the product form keeps what was typed) is ticked or attached.
import { useState } from "react";
import { BenefitForm } from "../benefits/form";
import { CustomFieldForm } from "../custom-fields/form";
import { CreateInDialog } from "../forms/form-dialog";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { customFields } from "../hooks/custom-fields";
import { useBenefits } from "../hooks/reference";
import { useOrganization } from "../organization";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import type { AttachedFieldRow } from "./logic";

type Common = { formId: string; errors: FormErrorsState };

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

export function BenefitsField({
  formId,
  errors,
  value,
  onChange,
}: Common & { value: string[]; onChange: (ids: string[]) => void }) {
  const organization = useOrganization();
  const list = useBenefits(organization.id);
  const id = controlId(formId, "benefits");
  const items = list.data?.items ?? [];
  const create = (inline: boolean) => (
    <CreateInDialog label={inline ? "Create one" : "New benefit"} title="New benefit" inline={inline}>
      {(close) => (
        <BenefitForm
          onCancel={close}
          onDone={(benefit) => {
            onChange([...value, benefit.id]);
            close();
          }}
        />
      )}
    </CreateInDialog>
  );
  return (
    <fieldset aria-describedby={errors.field("benefits") ? `${id}-error` : undefined}>
      <legend className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-300">Benefits</legend>
      {list.isPending ? (
        <p className="text-sm text-zinc-500">Loading benefits…</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-600">
          Could not load benefits: {list.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-500">No benefits yet · {create(true)}</p>
      ) : (
        <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {items.map((benefit, index) => (
            <label key={benefit.id} className="flex items-center gap-2 text-sm">
              <input
                id={index === 0 ? id : undefined}
                type="checkbox"
                checked={value.includes(benefit.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, benefit.id]
                      : value.filter((item) => item !== benefit.id),
                  )
                }
              />
              <span className="truncate">{benefit.description}</span>
              <span className="text-xs text-zinc-500">
                ({benefit.type === "license_keys" ? "license keys" : "custom"})
              </span>
            </label>
          ))}
        </div>
      )}
      {items.length ? <div className="mt-2">{create(false)}</div> : null}
      <FieldError id={id} error={errors.field("benefits")} />
    </fieldset>
  );
}

export function CustomFieldsField({
  formId,
  errors,
  value,
  onChange,
}: Common & { value: AttachedFieldRow[]; onChange: (rows: AttachedFieldRow[]) => void }) {
  const organization = useOrganization();
  const list = customFields.useList({ organization_id: organization.id, limit: 100, sorting: ["name"] });
  const [picked, setPicked] = useState("");
  const id = controlId(formId, "attached_custom_fields");
  const all = list.data?.items ?? [];
  const available = all.filter((field) => !value.some((row) => row.custom_field_id === field.id));
  const attach = (field: { id: string; name: string }) =>
    onChange([...value, { custom_field_id: field.id, name: field.name, required: false }]);
  const create = (inline: boolean) => (
    <CreateInDialog
      label={inline ? "Create one" : "New custom field"}
      title="New custom field"
      inline={inline}
    >
      {(close) => (
        <CustomFieldForm
          onCancel={close}
          onDone={(field) => {
            attach(field);
            close();
          }}
        />
      )}
    </CreateInDialog>
  );
  const move = (index: number, by: number) => {
    const next = [...value];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  return (
    <fieldset aria-describedby={errors.field("attached_custom_fields") ? `${id}-error` : undefined}>
      <legend className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-300">Custom fields</legend>
      {value.length ? (
        <ol className="mb-3 space-y-1">
          {value.map((row, index) => (
            <li key={row.custom_field_id} className="flex flex-wrap items-center gap-3 text-sm">
              <span className="min-w-32 font-medium">{row.name}</span>
              <label className="flex items-center gap-1 text-xs">
                <input
                  type="checkbox"
                  checked={row.required}
                  onChange={(e) =>
                    onChange(
                      value.map((item, i) => (i === index ? { ...item, required: e.target.checked } : item)),
                    )
                  }
                />
                Required
              </label>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${row.name} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Move ${row.name} down`}
                disabled={index === value.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${row.name}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                ×
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      {list.isSuccess && all.length === 0 ? (
        <p id={id} className="text-sm text-zinc-500">
          No custom fields yet · {create(true)}
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1">
            <label htmlFor={id} className="mb-1 block text-xs text-zinc-600 dark:text-zinc-300">
              Add custom field
            </label>
            <select id={id} className={inputClass} value={picked} onChange={(e) => setPicked(e.target.value)}>
              <option value="">
                {list.isPending
                  ? "Loading…"
                  : available.length
                    ? "Choose a field"
                    : "All fields are attached"}
              </option>
              {available.map((field) => (
                <option key={field.id} value={field.id}>
                  {field.name}
                </option>
              ))}
            </select>
          </div>
          <Button
            disabled={!picked}
            onClick={() => {
              const field = available.find((item) => item.id === picked);
              if (field) attach(field);
              setPicked("");
            }}
          >
            Attach
          </Button>
          {create(false)}
        </div>
      )}
      <FieldError id={id} error={errors.field("attached_custom_fields")} />
    </fieldset>
  );
}
