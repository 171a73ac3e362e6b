"use client";
// Create or edit a customer. The API's 422 problems show on their field (address parts included),
// a 409 (the email is taken in this organization) on the email.
import { useRouter } from "next/navigation";
import { MetadataCard, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { AddressFields } from "../forms/address-fields";
import { useResourceForm } from "../forms/use-record-form";
import { customers, type CustomerResource } from "../hooks/customers";
import { useOrgPath } from "../organization";
import { Card } from "../ui/misc";
import { CUSTOMER_FORM_LOGIC } from "./logic";

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
        <AddressFields
          prefix="billing_address"
          value={form.values.address}
          onPart={setAddress}
          message={form.errors.field("billing_address")}
        />
      </Card>
      <MetadataCard />
    </RecordFormFrame>
  );
}
