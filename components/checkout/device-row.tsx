"use client";
// One device of a license key, for the confirmation view (./devices.tsx) and the customer portal
// (components/portal/devices.tsx): its name and activation date and, when the buyer may manage it,
// Deactivate, which asks first. Focus follows the step: onto "Yes" when asked, back onto
// "Deactivate" after Cancel; a failure is shown in the row and the question stays.
import { useEffect, useRef, useState } from "react";
import { formatDate } from "./format";
import { useTranslator } from "@/components/i18n/translator-context";

export type DeviceRowDevice = { id: string; label: string; created_at: string };

type Props<D extends DeviceRowDevice> = {
  device: D;
  /** Null: the buyer cannot deactivate it here (the row shows no button). */
  onDeactivate: ((device: D) => Promise<void>) | null;
  /** The host page's button classes. */
  buttons: { secondary: string; danger: string };
};

export function DeviceRow<D extends DeviceRowDevice>({ device, onDeactivate, buttons }: Props<D>) {
  const tr = useTranslator();
  const [step, setStep] = useState<"idle" | "confirm" | "busy">("idle");
  const [error, setError] = useState<string | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const canceled = useRef(false);

  useEffect(() => {
    if (step === "confirm") confirmRef.current?.focus();
    if (step === "idle" && canceled.current) {
      canceled.current = false;
      startRef.current?.focus();
    }
  }, [step]);

  const confirm = async () => {
    if (!onDeactivate) return;
    setStep("busy");
    setError(null);
    try {
      await onDeactivate(device);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : tr.t("devices.somethingWentWrong"));
      setStep("confirm");
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">{device.label}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {tr.t("devices.activatedOn", { date: formatDate(device.created_at, tr) })}
        </p>
      </div>
      {!onDeactivate ? null : step === "idle" ? (
        <button ref={startRef} type="button" onClick={() => setStep("confirm")} className={buttons.secondary}>
          {tr.t("devices.deactivate")}
          <span className="sr-only"> {device.label}</span>
        </button>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-zinc-700 dark:text-zinc-300">
            {tr.t("devices.confirmDeactivate")}
          </span>
          <button
            ref={confirmRef}
            type="button"
            onClick={() => void confirm()}
            disabled={step === "busy"}
            className={buttons.danger}
          >
            {step === "busy" ? tr.t("devices.deactivating") : tr.t("devices.yesDeactivate")}
            <span className="sr-only"> {device.label}</span>
          </button>
          <button
            type="button"
            onClick={() => {
              canceled.current = true;
              setError(null);
              setStep("idle");
            }}
            disabled={step === "busy"}
            className={buttons.secondary}
          >
            {tr.t("devices.cancel")}
            <span className="sr-only"> {tr.t("devices.cancelDeactivating", { device: device.label })}</span>
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </li>
  );
}
