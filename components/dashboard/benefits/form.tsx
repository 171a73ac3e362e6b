"use client";
// The benefit form, for creating (type chosen once) and editing. A license keys benefit's new
// terms apply to keys issued from then on, and to keys already issued when the merchant ticks
// "Also apply to keys already issued". Inside another form's dialog (the product form), `onDone`
// receives the new benefit instead of the page going to it.
import { CheckboxField, MetadataCard, SelectField, TextAreaField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useResourceForm } from "../forms/use-record-form";
import { benefits, type BenefitResource } from "../hooks/catalog";
import { Card } from "../ui/misc";
import { FilesField } from "./files-field";
import { BENEFIT_TYPE_LABELS, BENEFIT_TYPES, BENEFIT_FORM_LOGIC } from "./logic";

export function BenefitForm({
  benefit,
  onDone,
  onCancel,
}: {
  benefit?: BenefitResource;
  onDone?: (saved: BenefitResource) => void;
  onCancel?: () => void;
}) {
  const form = useResourceForm(
    { hooks: benefits, record: benefit, path: "/benefits", noun: "Benefit" },
    BENEFIT_FORM_LOGIC,
    { onDone },
  );
  const { values, editing } = form;

  return (
    <RecordFormFrame
      form={form}
      noun="benefit"
      submitLabel={editing ? "Save" : "Create benefit"}
      onCancel={onCancel}
    >
      <Card title="Benefit">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="type"
            label="Type"
            disabled={editing}
            hint={editing ? "A benefit's type never changes." : undefined}
          >
            {BENEFIT_TYPES.map((type) => (
              <option key={type} value={type}>
                {BENEFIT_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TextField
            name="description"
            label="Description"
            maxLength={42}
            hint="Shown on product cards: 3 to 42 characters."
          />
        </div>
      </Card>
      {values.type === "downloadables" ? (
        <Card title="Files">
          <FilesField />
        </Card>
      ) : values.type === "custom" ? (
        <Card title="Note">
          <TextAreaField
            name="note"
            field="properties.note"
            label="Note"
            rows={4}
            maxLength={2000}
            hint="Shown to buyers once they have the benefit (e.g. a download link or instructions)."
          />
        </Card>
      ) : (
        <Card title="License keys">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="prefix"
              field="properties.prefix"
              label="Prefix"
              maxLength={32}
              hint="Keys read PREFIX-<id>. Empty: no prefix."
            />
            <TextField
              name="limit_usage"
              field="properties.limit_usage"
              label="Usage limit"
              inputMode="numeric"
              hint="Empty: no limit."
            />
            <div className="grid grid-cols-2 gap-2">
              <TextField
                name="ttl"
                field="properties.expires.ttl"
                label="Expires after"
                inputMode="numeric"
                hint="Empty: never expires."
              />
              <SelectField name="timeframe" field="properties.expires.timeframe" label="Expiry unit">
                <option value="day">Days</option>
                <option value="month">Months</option>
                <option value="year">Years</option>
              </SelectField>
            </div>
            <TextField
              name="activation_limit"
              field="properties.activations.limit"
              label="Activation limit"
              inputMode="numeric"
              hint="Devices a key may be activated on at once (1 to 50). Empty: no activation needed."
            />
            <CheckboxField
              name="enable_customer_admin"
              field="properties.activations.enable_customer_admin"
              label="Customers can deactivate their devices"
              disabled={!values.activation_limit.trim()}
              className="sm:col-span-2"
            />
            {editing ? (
              <div className="sm:col-span-2">
                <CheckboxField name="apply_to_existing_keys" label="Also apply to keys already issued" />
                <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                  Else the new activation limit, usage limit and expiry apply only to keys issued from now on.
                </p>
              </div>
            ) : null}
          </div>
        </Card>
      )}
      <MetadataCard />
    </RecordFormFrame>
  );
}
