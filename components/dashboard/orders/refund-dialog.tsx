"use client";
// The order page's "Refund" dialog: the amount (prefilled with what remains refundable), a reason,
// an optional comment and whether to take the order's benefits back, confirmed in one step. The
// API's answer (a 400 when another refund took what remained meanwhile) shows inside the dialog.
import { formatMoney, moneyInputValue } from "@/lib/money";
import { describedBy, Field, inputClass } from "../ui/field";
import { ConfirmDialog } from "../kit/confirm-dialog";
import { MAX_REFUND_COMMENT_LENGTH } from "@/lib/refunds/schemas";
import { REASON_LABELS, REASONS, type RefundForm, type RefundReason } from "./refund-logic";

export function initialRefundForm(remaining: number, currency: string, oneTime: boolean): RefundForm {
  return {
    amount: moneyInputValue(remaining, currency),
    reason: "customer_request",
    comment: "",
    // As the API decides when it is not said: a full refund of a one-time purchase takes access back.
    revokeBenefits: oneTime,
  };
}

export function RefundDialog({
  open,
  form,
  currency,
  remaining,
  subscription,
  amountError,
  error,
  busy,
  onChange,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  form: RefundForm;
  currency: string;
  remaining: number;
  /** The order belongs to a subscription: revoking its benefits also ends the subscription. */
  subscription: boolean;
  amountError?: string;
  error: string | null;
  busy: boolean;
  onChange: (form: RefundForm) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Refund this order?"
      confirmLabel="Refund"
      destructive
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div className="space-y-4">
        <p>
          The money goes back to the buyer&apos;s payment method. {formatMoney(remaining, currency)} remains
          refundable (tax included).
        </p>
        <Field
          label={`Amount (${currency.toUpperCase()}, tax included)`}
          htmlFor="refund-amount"
          error={amountError}
          hint="Tax is refunded in proportion."
        >
          <input
            id="refund-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            className={inputClass}
            value={form.amount}
            onChange={(event) => onChange({ ...form, amount: event.target.value })}
            {...describedBy("refund-amount", amountError, true)}
          />
        </Field>
        <Field label="Reason" htmlFor="refund-reason">
          <select
            id="refund-reason"
            name="reason"
            className={inputClass}
            value={form.reason}
            onChange={(event) => onChange({ ...form, reason: event.target.value as RefundReason })}
          >
            {REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REASON_LABELS[reason]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Comment (optional)" htmlFor="refund-comment">
          <textarea
            id="refund-comment"
            name="comment"
            rows={2}
            maxLength={MAX_REFUND_COMMENT_LENGTH}
            className={inputClass}
            value={form.comment}
            onChange={(event) => onChange({ ...form, comment: event.target.value })}
          />
        </Field>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="revoke_benefits"
            className="mt-0.5"
            checked={form.revokeBenefits}
            onChange={(event) => onChange({ ...form, revokeBenefits: event.target.checked })}
          />
          <span>
            Revoke benefits
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              {subscription
                ? "Ends the subscription now and its license keys stop working."
                : "The order's license keys stop working."}
            </span>
          </span>
        </label>
      </div>
    </ConfirmDialog>
  );
}
