"use client";
// A key's devices on the confirmation view, when its benefit lets the buyer manage them: each
// device's name and activation date with a Deactivate button that asks first. The outcome is read
// out by a live region, the device leaves the list at once, and the list is then read again.
// Part of the confirmation's own chunk (checkout.tsx loads it dynamically), never of the form's.
import { useEffect, useId, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api-client";
import { deactivateDevice, type CheckoutDevice } from "./api";
import { formatDate } from "./format";
import { useCheckoutStore } from "./hooks";

const BUTTON =
  "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60";
const SECONDARY = `${BUTTON} border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`;
const DANGER = `${BUTTON} bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-400 dark:text-zinc-950`;

type Outcome = "deactivated" | "already-gone";

function DeviceRow({
  device,
  onDeactivate,
}: {
  device: CheckoutDevice;
  onDeactivate: (device: CheckoutDevice) => Promise<void>;
}) {
  const [step, setStep] = useState<"idle" | "confirm" | "busy">("idle");
  const [error, setError] = useState<string | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const canceled = useRef(false);

  // Focus follows the step: onto "Yes" when asked, back onto "Deactivate" after Cancel.
  useEffect(() => {
    if (step === "confirm") confirmRef.current?.focus();
    if (step === "idle" && canceled.current) {
      canceled.current = false;
      startRef.current?.focus();
    }
  }, [step]);

  const confirm = async () => {
    setStep("busy");
    setError(null);
    try {
      await onDeactivate(device);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
      setStep("confirm");
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">{device.label}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Activated {formatDate(device.created_at)}</p>
      </div>
      {step === "idle" ? (
        <button ref={startRef} type="button" onClick={() => setStep("confirm")} className={SECONDARY}>
          Deactivate<span className="sr-only"> {device.label}</span>
        </button>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-zinc-700 dark:text-zinc-300">Deactivate this device?</span>
          <button
            ref={confirmRef}
            type="button"
            onClick={() => void confirm()}
            disabled={step === "busy"}
            className={DANGER}
          >
            {step === "busy" ? "Deactivating…" : "Yes, deactivate"}
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
            className={SECONDARY}
          >
            Cancel<span className="sr-only"> deactivating {device.label}</span>
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

export function Devices({ licenseKeyId, devices }: { licenseKeyId: string; devices: CheckoutDevice[] }) {
  const store = useCheckoutStore();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Deactivated here: hidden at once, before (and even if not) the list is read again.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState("");
  const shown = devices.filter((device) => !gone.has(device.id));

  const deactivate = async (device: CheckoutDevice) => {
    let outcome: Outcome = "deactivated";
    try {
      await deactivateDevice(store.clientSecret, licenseKeyId, device.id);
    } catch (error) {
      // Released meanwhile (by the software, or in another tab): the buyer's wish holds.
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      outcome = "already-gone";
    }
    setGone((before) => new Set(before).add(device.id));
    setAnnouncement(
      outcome === "deactivated" ? `${device.label} deactivated.` : `${device.label} was already deactivated.`,
    );
    // The row, and the button that had focus, are gone: keep keyboard users in this list.
    headingRef.current?.focus();
    await store.reloadBenefits().catch(() => undefined);
  };

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <h3
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="text-sm font-semibold text-zinc-900 outline-none dark:text-zinc-100"
      >
        Devices
      </h3>
      {shown.length ? (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {shown.map((device) => (
            <DeviceRow key={device.id} device={device} onDeactivate={deactivate} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">No devices activated yet.</p>
      )}
      <p
        role="status"
        aria-live="polite"
        className={announcement ? "mt-2 text-sm text-emerald-700 dark:text-emerald-400" : undefined}
      >
        {announcement}
      </p>
    </section>
  );
}
