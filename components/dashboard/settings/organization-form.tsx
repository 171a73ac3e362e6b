"use client";
// The organization's details and subscription settings (PATCH of what changed). A new slug moves
// the dashboard: after saving, the browser goes to this page under the new slug.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FormErrorSummary, FormField } from "../forms/form-parts";
import { useFormErrors } from "../forms/use-form-errors";
import { useUpdateOrganization, type OrganizationResource } from "../hooks/organizations";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import {
  formFromOrganization,
  ORGANIZATION_FIELDS,
  organizationPatch,
  type OrganizationForm as Values,
} from "./organization-logic";

const FORM_ID = "organization";
type Settings = Values["subscription_settings"];

export function OrganizationForm({ organization }: { organization: OrganizationResource }) {
  const router = useRouter();
  const notify = useToast();
  const update = useUpdateOrganization(organization.id);
  const errors = useFormErrors(FORM_ID, { fields: ORGANIZATION_FIELDS, conflictField: "slug" });
  const [values, setValues] = useState<Values>(() => formFromOrganization(organization));
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setSetting = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setValues((current) => ({
      ...current,
      subscription_settings: { ...current.subscription_settings, [key]: value },
    }));
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });

  const submit = () => {
    const patch = organizationPatch(values, organization);
    if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
    errors.clear();
    if (!Object.keys(patch.body).length) return notify("Nothing to save");
    update.mutate(patch.body, {
      onError: errors.fromError,
      onSuccess: (saved) => {
        notify("Organization saved");
        setValues(formFromOrganization(saved));
        if (saved.slug !== organization.slug) router.replace(`/dashboard/${saved.slug}/settings`);
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="Organization details"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card title="Organization">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField errors={errors} formId={FORM_ID} name="name" label="Name">
            <input
              {...control("name")}
              maxLength={120}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="slug"
            label="Slug"
            hint={`The dashboard's address: /dashboard/${values.slug || "…"}`}
          >
            <input
              {...control("slug")}
              maxLength={64}
              value={values.slug}
              onChange={(e) => set("slug", e.target.value.toLowerCase())}
            />
          </FormField>
          <FormField errors={errors} formId={FORM_ID} name="avatar_url" label="Avatar URL" hint="https only.">
            <input
              {...control("avatar_url")}
              type="url"
              maxLength={2048}
              value={values.avatar_url}
              onChange={(e) => set("avatar_url", e.target.value)}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="email"
            label="Support email"
            hint="Shown to customers who need help."
          >
            <input
              {...control("email")}
              type="email"
              maxLength={320}
              value={values.email}
              onChange={(e) => set("email", e.target.value)}
            />
          </FormField>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="customer_invoice_prefix"
            label="Order number prefix"
            hint={`Starts every order number, e.g. ${values.customer_invoice_prefix.trim().toUpperCase() || "ACME"}-0042. Numbers already given keep theirs.`}
          >
            <input
              {...control("customer_invoice_prefix")}
              maxLength={12}
              autoCapitalize="characters"
              spellCheck={false}
              value={values.customer_invoice_prefix}
              onChange={(e) => set("customer_invoice_prefix", e.target.value)}
            />
          </FormField>
        </div>
      </Card>
      <Card title="Subscriptions">
        <div className="space-y-3 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values.subscription_settings.allow_multiple_subscriptions}
              onChange={(e) => setSetting("allow_multiple_subscriptions", e.target.checked)}
            />
            Allow a customer several subscriptions at once
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values.subscription_settings.allow_customer_updates}
              onChange={(e) => setSetting("allow_customer_updates", e.target.checked)}
            />
            Let customers change their subscription
          </label>
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="subscription_settings.proration_behavior"
            label="Proration"
            className="max-w-xs"
          >
            <select
              {...control("subscription_settings.proration_behavior")}
              value={values.subscription_settings.proration_behavior}
              onChange={(e) =>
                setSetting("proration_behavior", e.target.value as Settings["proration_behavior"])
              }
            >
              <option value="prorate">Prorate on the next invoice</option>
              <option value="invoice">Invoice immediately</option>
            </select>
          </FormField>
          {errors.field("subscription_settings") ? (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {errors.field("subscription_settings")}
            </p>
          ) : null}
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
