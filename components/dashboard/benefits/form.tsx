"use client";
// The benefit form, for creating (type chosen once) and editing. A license keys benefit's new
// terms apply to keys issued from then on, and to keys already issued when the merchant ticks
// "Also apply to keys already issued".
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { MetadataEditor } from "../forms/metadata-editor";
import { useFormErrors } from "../forms/use-form-errors";
import { benefits, type BenefitResource } from "../hooks/benefits";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  BENEFIT_FIELDS,
  BENEFIT_TYPE_LABELS,
  BENEFIT_TYPES,
  benefitBody,
  benefitPatch,
  EMPTY_BENEFIT_FORM,
  formFromBenefit,
  type BenefitForm as Values,
  type Timeframe,
} from "./logic";

const FORM_ID = "benefit";

export function BenefitForm({ benefit }: { benefit?: BenefitResource }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = benefits.useCreate();
  const update = benefits.useUpdate(benefit?.id ?? "");
  const errors = useFormErrors(FORM_ID, { fields: BENEFIT_FIELDS });
  const [values, setValues] = useState<Values>(() =>
    benefit ? formFromBenefit(benefit) : EMPTY_BENEFIT_FORM,
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const editing = benefit !== undefined;
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });
  const field = (name: string, label: string, input: React.ReactNode, hint?: string) => (
    <FormField errors={errors} formId={FORM_ID} name={name} label={label} hint={hint}>
      {input}
    </FormField>
  );

  const submit = () => {
    const done = (saved: BenefitResource) => {
      notify(editing ? "Benefit saved" : "Benefit created");
      if (editing) setValues(formFromBenefit(saved));
      else router.push(orgPath(`/benefits/${saved.id}`));
    };
    const options = { onSuccess: done, onError: errors.fromError };
    if (benefit) {
      const patch = benefitPatch(values, benefit);
      if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
      errors.clear();
      update.mutate(patch.body, options);
    } else {
      const built = benefitBody(values);
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
      <Card title="Benefit">
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            "type",
            "Type",
            <select
              {...control("type")}
              disabled={editing}
              value={values.type}
              onChange={(e) => set("type", e.target.value as Values["type"])}
            >
              {BENEFIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BENEFIT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>,
            editing ? "A benefit's type never changes." : undefined,
          )}
          {field(
            "description",
            "Description",
            <input
              {...control("description")}
              maxLength={42}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />,
            "Shown on product cards: 3 to 42 characters.",
          )}
        </div>
      </Card>
      {values.type === "custom" ? (
        <Card title="Note">
          {field(
            "properties.note",
            "Note",
            <textarea
              {...control("properties.note")}
              rows={4}
              maxLength={2000}
              value={values.note}
              onChange={(e) => set("note", e.target.value)}
            />,
            "Shown to buyers once they have the benefit (e.g. a download link or instructions).",
          )}
        </Card>
      ) : (
        <Card title="License keys">
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              "properties.prefix",
              "Prefix",
              <input
                {...control("properties.prefix")}
                maxLength={32}
                value={values.prefix}
                onChange={(e) => set("prefix", e.target.value)}
              />,
              "Keys read PREFIX-<id>. Empty: no prefix.",
            )}
            {field(
              "properties.limit_usage",
              "Usage limit",
              <input
                {...control("properties.limit_usage")}
                inputMode="numeric"
                value={values.limit_usage}
                onChange={(e) => set("limit_usage", e.target.value)}
              />,
              "Empty: no limit.",
            )}
            <div className="grid grid-cols-2 gap-2">
              {field(
                "properties.expires.ttl",
                "Expires after",
                <input
                  {...control("properties.expires.ttl")}
                  inputMode="numeric"
                  value={values.ttl}
                  onChange={(e) => set("ttl", e.target.value)}
                />,
                "Empty: never expires.",
              )}
              {field(
                "properties.expires.timeframe",
                "Expiry unit",
                <select
                  {...control("properties.expires.timeframe")}
                  value={values.timeframe}
                  onChange={(e) => set("timeframe", e.target.value as Timeframe)}
                >
                  <option value="day">Days</option>
                  <option value="month">Months</option>
                  <option value="year">Years</option>
                </select>,
              )}
            </div>
            {field(
              "properties.activations.limit",
              "Activation limit",
              <input
                {...control("properties.activations.limit")}
                inputMode="numeric"
                value={values.activation_limit}
                onChange={(e) => set("activation_limit", e.target.value)}
              />,
              "Devices a key may be activated on at once (1 to 50). Empty: no activation needed.",
            )}
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                {...errors.control("properties.activations.enable_customer_admin")}
                checked={values.enable_customer_admin}
                disabled={!values.activation_limit.trim()}
                onChange={(e) => set("enable_customer_admin", e.target.checked)}
              />
              Customers can deactivate their devices
            </label>
            {editing ? (
              <label className="flex items-center gap-2 text-sm sm:col-span-2">
                <input
                  type="checkbox"
                  {...errors.control("apply_to_existing_keys")}
                  checked={values.apply_to_existing_keys}
                  onChange={(e) => set("apply_to_existing_keys", e.target.checked)}
                />
                Also apply to keys already issued
              </label>
            ) : null}
            {editing ? (
              <p className="-mt-3 text-xs text-zinc-500 sm:col-span-2 dark:text-zinc-400">
                Else the new activation limit, usage limit and expiry apply only to keys issued from now on.
              </p>
            ) : null}
          </div>
        </Card>
      )}
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
        submitLabel={editing ? "Save" : "Create benefit"}
        onCancel={() => router.push(orgPath("/benefits"))}
      />
    </form>
  );
}
