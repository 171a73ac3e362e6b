"use client";
// The organization's details and subscription settings (PATCH of what changed). A new slug moves
// the dashboard: after saving, the browser goes to this page under the new slug. The settings that
// nothing acts on yet ("let customers change their subscription", proration) are not shown: the API
// keeps them, the form sends them unchanged.
import { useRouter } from "next/navigation";
import { CheckboxField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useRecordForm } from "../forms/use-record-form";
import { useUpdateOrganization, type OrganizationResource } from "../hooks/organizations";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { formFromOrganization, ORGANIZATION_FIELDS, organizationPatch } from "./organization-logic";

/** The subscription settings that act today (lib/checkout/confirm.ts reads both). */
const SUBSCRIPTION_SETTINGS = [
  ["allow_multiple_subscriptions", "Allow a customer several subscriptions at once"],
  ["prevent_trial_abuse", "One free trial per customer (by email and card)"],
] as const;

export function OrganizationForm({ organization }: { organization: OrganizationResource }) {
  const router = useRouter();
  const notify = useToast();
  const update = useUpdateOrganization(organization.id);
  const form = useRecordForm({
    id: "organization",
    fields: ORGANIZATION_FIELDS,
    conflictField: "slug",
    initial: () => formFromOrganization(organization),
    build: (values) => organizationPatch(values, organization),
    save: (body) => update.mutateAsync(body),
    onSaved: (saved) => {
      notify("Organization saved");
      form.reset(formFromOrganization(saved));
      if (saved.slug !== organization.slug) router.replace(`/dashboard/${saved.slug}/settings`);
    },
    onNothingToSave: () => notify("Nothing to save"),
  });
  const { values } = form;

  return (
    <RecordFormFrame form={form} label="Organization details" submitLabel="Save">
      <Card title="Organization">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Name" maxLength={120} />
          <TextField
            name="slug"
            label="Slug"
            maxLength={64}
            transform={(slug) => slug.toLowerCase()}
            hint={`The dashboard's address: /dashboard/${values.slug || "…"}`}
          />
          <TextField name="avatar_url" label="Avatar URL" type="url" maxLength={2048} hint="https only." />
          <TextField
            name="email"
            label="Support email"
            type="email"
            maxLength={320}
            hint="Shown to customers who need help."
          />
          <TextField
            name="customer_invoice_prefix"
            label="Order number prefix"
            maxLength={12}
            autoCapitalize="characters"
            spellCheck={false}
            hint={`Starts every order number, e.g. ${values.customer_invoice_prefix.trim().toUpperCase() || "ACME"}-0042. Numbers already given keep theirs.`}
          />
        </div>
      </Card>
      <Card title="Subscriptions">
        {SUBSCRIPTION_SETTINGS.map(([name, label]) => (
          <CheckboxField
            key={name}
            name={name}
            field="subscription_settings"
            label={label}
            checked={values.subscription_settings[name]}
            onValue={(checked) =>
              form.change((current) => ({
                ...current,
                subscription_settings: { ...current.subscription_settings, [name]: checked },
              }))
            }
          />
        ))}
      </Card>
      <Card title="Invoices">
        {/* lib/invoices/queue.ts queues the invoice when an order is paid (docs/invoices.md). */}
        <CheckboxField
          name="invoice_automatically"
          label="Issue an invoice for every paid order automatically"
        />
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Otherwise an invoice is issued when you or the buyer ask for it. An order without the buyer&apos;s
          billing name and address gets none until they are completed.
        </p>
      </Card>
      <Card title="Disputes">
        {/* lib/disputes/record.ts reads it when a processor reports a new dispute. */}
        <CheckboxField
          name="revoke_benefits_on_dispute"
          field="feature_settings"
          label="Take an order's benefits back as soon as its payment is disputed"
        />
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          License keys stop working and a subscription ends at once. A lost dispute always takes them back.
        </p>
      </Card>
    </RecordFormFrame>
  );
}
