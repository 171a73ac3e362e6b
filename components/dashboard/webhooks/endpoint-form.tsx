"use client";
// The webhook endpoint form, for adding and editing: the URL, the events, whether it is enabled,
// and (when adding) an optional signing secret of the merchant's own. Problems found here and the
// API's 422s show under their field. After adding, the endpoint's page shows the secret once.
import { CheckboxField, TextField } from "../forms/form-fields";
import { RecordFormFrame } from "../forms/form-parts";
import { useResourceForm } from "../forms/use-record-form";
import { useCreateWebhookEndpoint, webhookEndpoints } from "../hooks/webhooks";
import { Card } from "../ui/misc";
import { useToast } from "../ui/toast";
import { EventPicker } from "./event-picker";
import { WEBHOOK_ENDPOINT_FORM_LOGIC } from "./logic";
import type { WebhookEndpoint } from "./types";

const HOOKS = { useCreate: useCreateWebhookEndpoint, useUpdate: webhookEndpoints.useUpdate };

export function WebhookEndpointForm({ endpoint }: { endpoint?: WebhookEndpoint }) {
  const notify = useToast();
  const form = useResourceForm(
    { hooks: HOOKS, record: endpoint, path: "/webhooks", noun: "Endpoint" },
    WEBHOOK_ENDPOINT_FORM_LOGIC,
    {
      id: "webhook-endpoint",
      messages: { created: "Endpoint added", saved: "Endpoint saved" },
      onNothingToSave: () => notify("Nothing to change"),
    },
  );

  return (
    <RecordFormFrame form={form} noun="endpoint" submitLabel={endpoint ? "Save endpoint" : "Add endpoint"}>
      <Card title={endpoint ? "Settings" : "Endpoint"}>
        <div className="space-y-5">
          <TextField
            name="url"
            label="Endpoint URL"
            type="url"
            inputMode="url"
            maxLength={2048}
            placeholder="https://example.com/webhooks"
            hint="Your server's address that receives the events as signed POST requests."
          />
          <EventPicker
            formId={form.id}
            errors={form.errors}
            value={form.values.events}
            onChange={(events) => form.set("events", events)}
          />
          <CheckboxField
            name="enabled"
            role="switch"
            inputClassName="h-4 w-4 accent-indigo-600"
            label={
              <>
                Enabled
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  (a disabled endpoint is sent nothing)
                </span>
              </>
            }
          />
          {endpoint ? null : (
            <TextField
              name="secret"
              label="Signing secret (optional)"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              inputClassName="font-mono"
              hint="Empty: a new random secret. Otherwise a whsec_… secret your server already uses."
            />
          )}
        </div>
      </Card>
    </RecordFormFrame>
  );
}
