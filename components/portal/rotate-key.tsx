"use client";
// Replace key: the buyer gives a key they leaked a new value (docs/licensing.md). It asks first,
// because every app using the old value stops working at once; the new value then shows in the
// card (the list's cache takes the answer) and the outcome is read out.
import { useTranslator } from "@/components/i18n/translator-context";
import { useState } from "react";
import { useRotateLicenseKey } from "./hooks";
import { DANGER, SECONDARY } from "./ui";

export function RotateKey({ licenseKeyId, title }: { licenseKeyId: string; title: string }) {
  const tr = useTranslator();
  const rotate = useRotateLicenseKey();
  const [asking, setAsking] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const replace = () =>
    rotate.mutate(licenseKeyId, {
      onSuccess: () => {
        setAsking(false);
        setAnnouncement(tr.t("portal.keyReplaced"));
      },
      onError: (error) => setAnnouncement(error.message),
    });

  return (
    <div className="mt-2">
      {asking ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-zinc-700 dark:text-zinc-300">{tr.t("portal.replaceConfirm")}</span>
          <button type="button" className={DANGER} disabled={rotate.isPending} onClick={replace}>
            {tr.t("portal.replace")}
          </button>
          <button type="button" className={SECONDARY} onClick={() => setAsking(false)}>
            {tr.t("portal.keepIt")}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={SECONDARY}
          aria-label={tr.t("portal.replaceKeyFor", { product: title })}
          onClick={() => {
            setAnnouncement("");
            setAsking(true);
          }}
        >
          {tr.t("portal.replaceKey")}
        </button>
      )}
      <p role="status" aria-live="polite" className={announcement ? "mt-1 text-sm" : undefined}>
        {announcement}
      </p>
    </div>
  );
}
