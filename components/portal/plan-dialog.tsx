"use client";
// "Change plan": a native modal <dialog> (focus kept inside, Escape closes) listing the plans the
// subscription may move to (./plan-choice.ts); the change applies at once.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api-client";
import { Spinner } from "@/components/checkout/fields";
import { useTranslator } from "@/components/i18n/translator-context";
import type { PortalSubscription } from "./api";
import { useUpdateSubscription } from "./hooks";
import { prorationNote, type PlanOption } from "./plan-choice";
import { PRIMARY, SECONDARY } from "./ui";

type Props = {
  subscription: PortalSubscription;
  options: PlanOption[];
  open: boolean;
  onClose: () => void;
  onChanged: (updated: PortalSubscription) => void;
};

export function PlanDialog({ subscription, options, open, onClose, onChanged }: Props) {
  const tr = useTranslator();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [choice, setChoice] = useState<string>("");
  const update = useUpdateSubscription();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || !choice) return;
    update.mutate(
      { id: subscription.id, body: { product_id: choice } },
      { onSuccess: (updated) => onChanged(updated) },
    );
  };

  const failure =
    update.error && !(update.error instanceof ApiRequestError && update.error.status === 401)
      ? update.error.message
      : null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={submit} className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {tr.t("portal.changePlanTitle")}
        </h2>
        <fieldset className="space-y-2">
          <legend className="text-sm text-zinc-600 dark:text-zinc-400">
            {tr.t("portal.youAreOn", { product: subscription.product.name })}
          </legend>
          {options.map((option) => (
            <label
              key={option.productId}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-zinc-200 px-3 py-2 text-sm has-checked:border-zinc-900 dark:border-zinc-700 dark:has-checked:border-zinc-100"
            >
              <span className="flex min-w-0 items-center gap-2">
                <input
                  type="radio"
                  name="plan"
                  value={option.productId}
                  checked={choice === option.productId}
                  disabled={update.isPending}
                  onChange={() => setChoice(option.productId)}
                />
                <span className="wrap-anywhere">{option.name}</span>
              </span>
              <span className="shrink-0 tabular-nums">{option.price}</span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          {prorationNote(
            subscription,
            options.find((option) => option.productId === choice),
            tr,
          )}
        </p>
        {failure ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={close} disabled={update.isPending} className={SECONDARY}>
            {tr.t("portal.goBack")}
          </button>
          <button type="submit" disabled={update.isPending || !choice} className={PRIMARY}>
            {update.isPending ? <Spinner /> : null}
            {update.isPending ? tr.t("portal.changing") : tr.t("portal.changePlan")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
