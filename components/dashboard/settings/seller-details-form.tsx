"use client";
// The seller's legal details (docs/tax.md "Seller details"): legal name, address with its country
// and the VAT or tax ID with its type, saved by a PATCH of what changed. The API's 422 problems show
// on their field (an address part, the tax ID or its type).
import { TAX_ID_TYPE_LABELS, TAX_ID_TYPES } from "@/lib/core/tax-ids";
import { SelectField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { AddressFields } from "../forms/address-fields";
import { useRecordForm } from "../forms/use-record-form";
import { useUpdateOrganization, type OrganizationResource } from "../hooks/organizations";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { formFromSeller, SELLER_FIELDS, sellerDetailsPatch } from "./seller-details-logic";

export function SellerDetailsForm({ organization }: { organization: OrganizationResource }) {
  const notify = useToast();
  const update = useUpdateOrganization(organization.id);
  const form = useRecordForm({
    id: "seller",
    fields: SELLER_FIELDS,
    initial: () => formFromSeller(organization),
    build: (values) => sellerDetailsPatch(values, organization),
    save: (body) => update.mutateAsync(body),
    onSaved: (saved) => {
      notify("Seller details saved");
      form.reset(formFromSeller(saved));
    },
    onNothingToSave: () => notify("Nothing to save"),
  });
  const { values } = form;
  const setAddress = (part: string, value: string) =>
    form.change(
      (current) => ({ ...current, address: { ...current.address, [part]: value } }),
      `address.${part}`,
    );
  const example = values.tax_id_type
    ? TAX_ID_TYPE_LABELS[values.tax_id_type as keyof typeof TAX_ID_TYPE_LABELS]?.example
    : undefined;

  return (
    <RecordFormFrame form={form} label="Seller details" submitLabel="Save seller details">
      <Card title="Seller details">
        <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
          Your business as invoices name it, and where it is established: it decides which sales cross a
          border.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="legal_name" label="Legal name" maxLength={255} className="sm:col-span-2" />
          <TextField
            name="tax_id"
            label="VAT or tax ID"
            maxLength={64}
            autoCapitalize="characters"
            spellCheck={false}
            hint={`e.g. ${example ?? "DE123456789"}. Spaces, dots and dashes are ignored.`}
          />
          <SelectField
            name="tax_id_type"
            field="tax_id.1"
            label="Tax ID type"
            hint="Left empty, it is recognised from the number where it can be."
          >
            <option value="">—</option>
            {TAX_ID_TYPES.map((type) => (
              <option key={type} value={type}>
                {TAX_ID_TYPE_LABELS[type].label}
              </option>
            ))}
          </SelectField>
        </div>
        <h3 className="mt-5 mb-2 text-sm font-medium">Address</h3>
        <AddressFields
          prefix="address"
          value={values.address}
          onPart={setAddress}
          message={form.errors.field("address")}
        />
      </Card>
    </RecordFormFrame>
  );
}
