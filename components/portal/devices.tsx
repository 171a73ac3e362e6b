"use client";
// A key's devices: each device's name and activation date, and, when the merchant lets buyers
// manage them, Deactivate, which asks first. The outcome is read out (aria-live) and focus stays
// in the list once the row is gone.
import { useTranslator } from "@/components/i18n/translator-context";
import { useId, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api-client";
import type { PortalActivation, PortalLicenseKey } from "./api";
import { DeviceRow } from "@/components/checkout/device-row";
import { useDeactivateDevice } from "./hooks";
import { DANGER, SECONDARY } from "./ui";

const BUTTONS = { secondary: SECONDARY, danger: DANGER };

type Deactivate = (device: PortalActivation) => Promise<void>;

export function Devices({ licenseKey }: { licenseKey: PortalLicenseKey }) {
  const headingId = useId();
  const tr = useTranslator();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deactivateDevice = useDeactivateDevice();
  // Hidden at once, before (and even if not) the list is read again.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState("");
  const shown = licenseKey.activations.filter((device) => !gone.has(device.id));

  const deactivate: Deactivate = async (device) => {
    let already = false;
    try {
      await deactivateDevice.mutateAsync({ licenseKeyId: licenseKey.id, activationId: device.id });
    } catch (error) {
      // Released meanwhile (by the software, or in another tab): the buyer's wish holds.
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      already = true;
    }
    setGone((before) => new Set(before).add(device.id));
    setAnnouncement(
      tr.t(already ? "devices.alreadyDeactivated" : "devices.deactivated", { device: device.label }),
    );
    headingRef.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <h4
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="text-sm font-semibold text-zinc-900 outline-none dark:text-zinc-100"
      >
        {tr.t("devices.title")}
      </h4>
      {shown.length ? (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {shown.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              onDeactivate={licenseKey.can_deactivate ? deactivate : null}
              buttons={BUTTONS}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{tr.t("devices.none")}</p>
      )}
      {!licenseKey.can_deactivate && shown.length ? (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{tr.t("devices.freeInApp")}</p>
      ) : null}
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
