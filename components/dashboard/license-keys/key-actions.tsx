"use client";
// The key page's actions, all through PATCH /v1/license-keys/{id}, each confirmed in one shared
// dialog first and announced by a toast after: status changes (as the current status allows),
// limits and usage, expiry.
import { useState } from "react";
import { ApiRequestError } from "@/components/api-client";
import { useUpdateLicenseKey, type LicenseKeyDetail, type UpdateLicenseKey } from "../hooks/license-keys";
import { Button, type ButtonVariant } from "../ui/button";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { useToast } from "../ui/toast";
import { ExpiryFields, LimitsFields, type ExpiryForm } from "./key-dialog-fields";
import {
  ACTION_TARGET,
  dateInputValue,
  endOfDayIso,
  limitsFormFrom,
  limitsPatch,
  problemsByField,
  statusActions,
  type LimitsForm,
  type StatusAction,
} from "./logic";

type Action = StatusAction | "limits" | "expiry";

const STATUS_COPY: Record<
  StatusAction,
  { button: string; title: string; body: string; confirm: string; toast: string; variant: ButtonVariant }
> = {
  revoke: {
    button: "Revoke",
    title: "Revoke this license key?",
    body: "The customer's software will no longer validate or activate it. You can grant it again later.",
    confirm: "Revoke key",
    toast: "License key revoked",
    variant: "danger",
  },
  disable: {
    button: "Disable",
    title: "Disable this license key?",
    body: "While disabled, the key does not validate or activate. Re-grant it to turn it back on.",
    confirm: "Disable key",
    toast: "License key disabled",
    variant: "danger",
  },
  grant: {
    button: "Re-grant",
    title: "Grant this license key again?",
    body: "The key validates and activates again (within its limits and expiry).",
    confirm: "Re-grant key",
    toast: "License key granted again",
    variant: "primary",
  },
};

export function LicenseKeyActions({ licenseKey }: { licenseKey: LicenseKeyDetail }) {
  const update = useUpdateLicenseKey(licenseKey.id);
  const notify = useToast();
  const [action, setAction] = useState<Action | null>(null);
  const [limits, setLimits] = useState<LimitsForm>(() => limitsFormFrom(licenseKey));
  const [expiry, setExpiry] = useState<ExpiryForm>({ never: true, date: "" });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});

  const open = (next: Action) => {
    update.reset();
    setLocalErrors({});
    if (next === "limits") setLimits(limitsFormFrom(licenseKey));
    if (next === "expiry") {
      setExpiry({ never: licenseKey.expires_at === null, date: dateInputValue(licenseKey.expires_at) });
    }
    setAction(next);
  };

  const send = (body: UpdateLicenseKey, toast: string) =>
    update.mutate(body, {
      onSuccess: () => {
        setAction(null);
        notify(toast);
      },
    });

  const confirm = () => {
    if (!action) return;
    if (action === "limits") {
      const { patch, errors } = limitsPatch(licenseKey, limits);
      setLocalErrors(errors);
      if (Object.keys(errors).length) return;
      if (Object.keys(patch).length === 0) {
        setAction(null);
        notify("Nothing to change");
        return;
      }
      send(patch, "Limits updated");
    } else if (action === "expiry") {
      const expiresAt = expiry.never ? null : endOfDayIso(expiry.date);
      if (!expiry.never && !expiresAt) {
        setLocalErrors({ expires_at: "Pick a date." });
        return;
      }
      setLocalErrors({});
      send({ expires_at: expiresAt }, expiresAt ? "Expiry updated" : "The key no longer expires");
    } else {
      send({ status: ACTION_TARGET[action] }, STATUS_COPY[action].toast);
    }
  };

  const apiError = update.error instanceof ApiRequestError ? update.error : null;
  const fieldErrors = { ...problemsByField(apiError?.problems ?? []), ...localErrors };
  const shownFields = action === "limits" ? ["limit_activations", "limit_usage", "usage"] : ["expires_at"];
  const generalError =
    update.error && !shownFields.some((field) => fieldErrors[field]) ? update.error.message : null;

  const status = action && action !== "limits" && action !== "expiry" ? STATUS_COPY[action] : null;
  return (
    <>
      {statusActions(licenseKey.status).map((next) => (
        <Button key={next} variant={next === "grant" ? "primary" : "secondary"} onClick={() => open(next)}>
          {STATUS_COPY[next].button}
        </Button>
      ))}
      <Button onClick={() => open("limits")}>Change limits</Button>
      <Button onClick={() => open("expiry")}>Change expiry</Button>
      <ConfirmDialog
        open={action !== null}
        title={status ? status.title : action === "limits" ? "Change limits" : "Change expiry"}
        confirmLabel={status ? status.confirm : "Save"}
        variant={status ? status.variant : "primary"}
        busy={update.isPending}
        error={generalError}
        onConfirm={confirm}
        onCancel={() => setAction(null)}
      >
        {status ? <p>{status.body}</p> : null}
        {action === "limits" ? (
          <LimitsFields form={limits} errors={fieldErrors} onChange={setLimits} />
        ) : null}
        {action === "expiry" ? (
          <ExpiryFields form={expiry} error={fieldErrors.expires_at} onChange={setExpiry} />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
