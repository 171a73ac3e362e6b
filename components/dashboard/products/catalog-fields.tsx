"use client";
// Pickers for what a product links to: its benefits (ticked, in the list's order) and the custom
// fields its checkout asks (picked one by one, each optional or required, in order). A benefit or
// a field made here (in a dialog: the product form keeps what was typed) is ticked or attached.
import { useState } from "react";
import { BenefitForm } from "../benefits/form";
import { CustomFieldForm } from "../custom-fields/form";
import { CheckboxPicker, FieldSet, moved, RowButtons } from "../forms/field-set";
import { CreateInDialog } from "../forms/form-dialog";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { customFields } from "../hooks/catalog";
import { useBenefits } from "../hooks/reference";
import { useOrganization } from "../organization";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import type { AttachedFieldRow } from "./logic";

type Common = { formId: string; errors: FormErrorsState };

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
    <FieldSet id={id} legend="Benefits" error={errors.field("benefits")}>
      <CheckboxPicker
        id={id}
        noun="benefits"
        list={list}
        items={items}
        empty={<>No benefits yet · {create(true)}</>}
        value={value}
        onChange={onChange}
        label={(benefit) => (
          <>
            <span className="truncate">{benefit.description}</span>
            <span className="text-xs text-zinc-500">
              ({benefit.type === "license_keys" ? "license keys" : "custom"})
            </span>
          </>
        )}
      />
      {items.length ? <div className="mt-2">{create(false)}</div> : null}
    </FieldSet>
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
  return (
    <FieldSet id={id} legend="Custom fields" error={errors.field("attached_custom_fields")}>
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
              <RowButtons
                name={row.name}
                index={index}
                count={value.length}
                arrows="vertical"
                removeLabel={`Remove ${row.name}`}
                onMove={(by) => onChange(moved(value, index, by))}
                onRemove={() => onChange(value.filter((_, i) => i !== index))}
              />
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
    </FieldSet>
  );
}
