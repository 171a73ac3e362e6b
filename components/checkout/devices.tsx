"use client";
// A key's devices on the confirmation view, when its benefit lets the buyer manage them: each
// device's name and activation date with a Deactivate button that asks first. The outcome is read
// out by a live region, the device leaves the list at once, and the list is then read again.
// Part of the confirmation's own chunk (checkout.tsx loads it dynamically), never of the form's.
import { useId, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api-client";
import { deactivateDevice, type CheckoutDevice } from "./api";
import { DeviceRow } from "./device-row";
import { useCheckoutStore } from "./hooks";
import { useTranslator } from "@/components/i18n/translator-context";

const BUTTON =
  "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60";
const SECONDARY = `${BUTTON} border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800`;
const DANGER = `${BUTTON} bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-400 dark:text-zinc-950`;
const BUTTONS = { secondary: SECONDARY, danger: DANGER };

type Outcome = "deactivated" | "already-gone";

export function Devices({ licenseKeyId, devices }: { licenseKeyId: string; devices: CheckoutDevice[] }) {
  const store = useCheckoutStore();
  const tr = useTranslator();
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
      tr.t(outcome === "deactivated" ? "devices.deactivated" : "devices.alreadyDeactivated", {
        device: device.label,
      }),
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
        {tr.t("devices.title")}
      </h3>
      {shown.length ? (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {shown.map((device) => (
            <DeviceRow key={device.id} device={device} onDeactivate={deactivate} buttons={BUTTONS} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{tr.t("devices.none")}</p>
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
