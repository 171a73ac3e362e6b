"use client";
// The webhook endpoint form, for adding and editing: the URL, the events, whether it is enabled,
// and (when adding) an optional signing secret of the merchant's own. Problems found here and the
// API's 422s show under their field. After adding, the endpoint's page shows the secret once.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FormActions, FormErrorSummary, FormField } from "../forms/form-parts";
import { useFormErrors } from "../forms/use-form-errors";
import { useCreateWebhookEndpoint, webhookEndpoints } from "../hooks/webhooks";
import { useOrganization, useOrgPath } from "../organization";
import { inputClass } from "../ui/field";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { EventPicker } from "./event-picker";
import {
  EMPTY_WEBHOOK_ENDPOINT_FORM,
  endpointCreateBody,
  endpointPatch,
  formFromEndpoint,
  WEBHOOK_ENDPOINT_FIELDS,
  type WebhookEndpointForm as Values,
} from "./logic";
import type { WebhookEndpoint } from "./types";

const FORM_ID = "webhook-endpoint";

export function WebhookEndpointForm({ endpoint }: { endpoint?: WebhookEndpoint }) {
  const organization = useOrganization();
  const orgPath = useOrgPath();
  const router = useRouter();
  const notify = useToast();
  const create = useCreateWebhookEndpoint();
  const update = webhookEndpoints.useUpdate(endpoint?.id ?? "");
  const errors = useFormErrors(FORM_ID, { fields: WEBHOOK_ENDPOINT_FIELDS, conflictField: "url" });
  const [values, setValues] = useState<Values>(() =>
    endpoint ? formFromEndpoint(endpoint) : EMPTY_WEBHOOK_ENDPOINT_FORM,
  );
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const control = (name: string) => ({ ...errors.control(name), className: inputClass });

  const submit = () => {
    if (endpoint) {
      const patch = endpointPatch(values, endpoint);
      if (Object.keys(patch.errors).length) return errors.show({ fields: patch.errors, form: [] });
      errors.clear();
      if (!Object.keys(patch.body).length) return notify("Nothing to change");
      update.mutate(patch.body, {
        onSuccess: (saved) => {
          setValues(formFromEndpoint(saved));
          notify("Endpoint saved");
        },
        onError: errors.fromError,
      });
    } else {
      const built = endpointCreateBody(values);
      if (Object.keys(built.errors).length) return errors.show({ fields: built.errors, form: [] });
      errors.clear();
      create.mutate(
        { ...built.body, organization_id: organization.id },
        {
          onSuccess: (created) => {
            notify("Endpoint added");
            router.push(orgPath(`/webhooks/${created.id}`));
          },
          onError: errors.fromError,
        },
      );
    }
  };

  return (
    <form
      noValidate
      aria-label={endpoint ? "Edit endpoint" : "New endpoint"}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary messages={errors.errors.form} />
      <Card title={endpoint ? "Settings" : "Endpoint"}>
        <div className="space-y-5">
          <FormField
            errors={errors}
            formId={FORM_ID}
            name="url"
            label="Endpoint URL"
            hint="Your server's address that receives the events as signed POST requests."
          >
            <input
              {...control("url")}
              type="url"
              inputMode="url"
              maxLength={2048}
              placeholder="https://example.com/webhooks"
              value={values.url}
              onChange={(e) => set("url", e.target.value)}
            />
          </FormField>
          <EventPicker
            formId={FORM_ID}
            errors={errors}
            value={values.events}
            onChange={(events) => set("events", events)}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              {...errors.control("enabled")}
              type="checkbox"
              role="switch"
              className="h-4 w-4 accent-indigo-600"
              checked={values.enabled}
              onChange={(e) => set("enabled", e.target.checked)}
            />
            Enabled
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              (a disabled endpoint is sent nothing)
            </span>
          </label>
          {errors.field("enabled") ? (
            <p id={`${FORM_ID}-enabled-error`} className="text-xs text-red-600 dark:text-red-400">
              {errors.field("enabled")}
            </p>
          ) : null}
          {endpoint ? null : (
            <FormField
              errors={errors}
              formId={FORM_ID}
              name="secret"
              label="Signing secret (optional)"
              hint="Empty: a new random secret. Otherwise a whsec_… secret your server already uses."
            >
              <input
                {...control("secret")}
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                className={`${inputClass} font-mono`}
                value={values.secret}
                onChange={(e) => set("secret", e.target.value)}
              />
            </FormField>
          )}
        </div>
      </Card>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={endpoint ? "Save endpoint" : "Add endpoint"}
        onCancel={() => router.push(orgPath("/webhooks"))}
      />
    </form>
  );
}
