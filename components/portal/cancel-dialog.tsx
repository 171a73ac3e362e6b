"use client";
// "Cancel subscription": a native modal <dialog> (focus kept inside, Escape closes, focus returns
// to the opener) asking why, with an optional comment. The subscription runs to its period's end.
import { useTranslator } from "@/components/i18n/translator-context";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api-client";
import { Field, Select, Spinner, inputClass } from "@/components/checkout/fields";
import type { CancellationReason } from "@/lib/subscriptions/lifecycle";
import type { PortalSubscription } from "./api";
import { CANCELLATION_REASONS, formatDate } from "./format";
import { useUpdateSubscription } from "./hooks";
import { DANGER, SECONDARY } from "./ui";

const MAX_COMMENT = 1000;

type Props = {
  subscription: PortalSubscription;
  open: boolean;
  onClose: () => void;
  onCanceled: (updated: PortalSubscription) => void;
};

export function CancelDialog({ subscription, open, onClose, onCanceled }: Props) {
  const tr = useTranslator();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const commentId = useId();
  const [reason, setReason] = useState<CancellationReason | "">("");
  const [comment, setComment] = useState("");
  const update = useUpdateSubscription();
  const periodEnd = subscription.current_period_end;

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
    if (update.isPending) return;
    const trimmed = comment.trim();
    update.mutate(
      {
        id: subscription.id,
        body: {
          cancel_at_period_end: true,
          ...(reason ? { cancellation_reason: reason } : {}),
          ...(trimmed ? { cancellation_comment: trimmed } : {}),
        },
      },
      { onSuccess: (updated) => onCanceled(updated) },
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
          {tr.t("portal.cancelTitle", { product: subscription.product.name })}
        </h2>
        <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          {periodEnd
            ? tr.t("portal.cancelStaysUntil", { date: formatDate(periodEnd, tr) })
            : tr.t("portal.cancelEndsAtPeriodEnd")}{" "}
          {tr.t("portal.cancelChangeMind")}
        </p>
        <Field id={reasonId} label={tr.t("portal.cancelWhy")} optional>
          <Select
            id={reasonId}
            value={reason}
            disabled={update.isPending}
            onChange={(e) => setReason(e.target.value as CancellationReason | "")}
          >
            <option value="">{tr.t("portal.cancelChooseReason")}</option>
            {CANCELLATION_REASONS.map((value) => (
              <option key={value} value={value}>
                {tr.t(`portal.reason_${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={commentId} label={tr.t("portal.cancelComment")} optional>
          <textarea
            id={commentId}
            rows={3}
            maxLength={MAX_COMMENT}
            disabled={update.isPending}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className={inputClass}
          />
        </Field>
        {failure ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={close} disabled={update.isPending} className={SECONDARY}>
            {tr.t("portal.goBack")}
          </button>
          <button type="submit" disabled={update.isPending} className={DANGER}>
            {update.isPending ? <Spinner /> : null}
            {update.isPending ? tr.t("portal.canceling") : tr.t("portal.confirmCancellation")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
