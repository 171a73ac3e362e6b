"use client";
// Create or edit a customer. The API's 422 problems show on their field (address parts included),
// a 409 (the email is taken in this organization) on the email.
import { useRouter } from "next/navigation";
import { COUNTRIES } from "@/components/checkout/countries";
import { MetadataCard, SelectField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useResourceForm } from "../forms/use-record-form";
import { customers, type CustomerResource } from "../hooks/customers";
import { useOrgPath } from "../organization";
import { Card } from "../ui/misc";
import { CUSTOMER_FORM_LOGIC } from "./logic";

const ADDRESS_LABELS = [
  ["line1", "Address line 1"],
  ["line2", "Address line 2"],
  ["postal_code", "Postal code"],
  ["city", "City"],
  ["state", "State / region"],
] as const;

/** With `onDone` (editing in place on the customer's page) it closes instead of going anywhere. */
export function CustomerForm({ customer, onDone }: { customer?: CustomerResource; onDone?: () => void }) {
  const orgPath = useOrgPath();
  const router = useRouter();
  const form = useResourceForm(
    { hooks: customers, record: customer, path: "/customers", noun: "Customer" },
    CUSTOMER_FORM_LOGIC,
    { onDone: (saved) => (onDone ? onDone() : router.push(orgPath(`/customers/${saved.id}`))) },
  );
  const setAddress = (part: string, value: string) =>
    form.change(
      (current) => ({ ...current, address: { ...current.address, [part]: value } }),
      `billing_address.${part}`,
    );
  const addressMessage = form.errors.field("billing_address");

  return (
    <RecordFormFrame form={form} noun="customer" onCancel={onDone}>
      <Card title="Customer">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="email" label="Email" type="email" maxLength={320} />
          <TextField name="name" label="Name" maxLength={255} />
          <TextField
            name="external_id"
            label="External ID"
            maxLength={255}
            hint="Your own id for this customer."
          />
          <TextField name="tax_id" label="Tax ID" maxLength={255} hint="e.g. a VAT number." />
        </div>
      </Card>
      <Card title="Billing address">
        {addressMessage ? (
          <p role="alert" className="mb-3 text-xs text-red-600 dark:text-red-400">
            {addressMessage}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {ADDRESS_LABELS.map(([part, label]) => (
            <TextField
              key={part}
              name={part}
              field={`billing_address.${part}`}
              label={label}
              maxLength={255}
              value={form.values.address[part]}
              onValue={(value) => setAddress(part, value)}
            />
          ))}
          <SelectField
            name="country"
            field="billing_address.country"
            label="Country"
            value={form.values.address.country}
            onValue={(value) => setAddress("country", value)}
          >
            <option value="">—</option>
            {COUNTRIES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>
      <MetadataCard />
    </RecordFormFrame>
  );
}
