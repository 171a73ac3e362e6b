"use client";
// Discount code: apply and remove (right away, not debounced), the saving next to the code. Hidden
// when the merchant disallows codes; shown as fixed when the merchant set the discount.
import { useId, useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api-client";
import type { CheckoutView } from "./api";
import { ErrorText, Spinner, TextInput } from "./fields";
import { errorsFrom, fieldId } from "./form-state";
import { useTranslator } from "@/components/i18n/translator-context";
import type { Translator } from "@/lib/i18n/translator";

type Props = {
  checkout: CheckoutView;
  onSetCode: (code: string | null) => Promise<CheckoutView>;
  disabled?: boolean;
};

export function discountLabel(
  discount: NonNullable<CheckoutView["discount"]>,
  checkout: CheckoutView,
  tr: Translator,
) {
  const off =
    discount.type === "percentage"
      ? tr.t("checkout.percentOff", { percent: tr.number((discount.basis_points ?? 0) / 100) })
      : tr.t("checkout.amountOff", {
          amount: tr.money(discount.amount ?? 0, discount.currency ?? checkout.currency),
        });
  if (checkout.product_price.type !== "recurring") return off;
  if (discount.duration === "once") return tr.t("checkout.offFirstPayment", { off });
  if (discount.duration === "repeating" && discount.duration_in_months) {
    return tr.plural("checkout.offForMonths", discount.duration_in_months, { off });
  }
  return off;
}

/** The buyer cannot change a discount the merchant set (a code-less one, or with codes disabled). */
export function isDiscountFixed(checkout: CheckoutView) {
  return !!checkout.discount && (!checkout.allow_discount_codes || checkout.discount.code === null);
}

export function DiscountField({ checkout, onSetCode, disabled }: Props) {
  const tr = useTranslator();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState("");
  const statusId = useId();
  const id = fieldId("discount_code");
  const { discount } = checkout;

  if (!checkout.is_discount_applicable) return null;
  if (!discount && !checkout.allow_discount_codes) return null;

  async function submit(next: string | null) {
    setPending(true);
    setError(null);
    try {
      const updated = await onSetCode(next);
      if (next === null) {
        setStatus(tr.t(updated.discount ? "checkout.discountNotRemovable" : "checkout.discountRemoved"));
      } else if (updated.discount) {
        setCode("");
        setStatus(
          tr.t("checkout.discountApplied", {
            code: updated.discount.code ?? updated.discount.name,
            amount: tr.money(updated.discount_amount, updated.currency),
          }),
        );
      }
    } catch (e) {
      if (e instanceof ApiRequestError && e.problems.length) {
        setError(errorsFrom(e.problems, checkout, tr).discount_code ?? e.message);
      } else if (e instanceof ApiRequestError) {
        setError(e.message);
      } else {
        setError(tr.t("checkout.somethingWentWrong"));
      }
    } finally {
      setPending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(tr.t("checkout.enterDiscountCode"));
      return;
    }
    void submit(trimmed);
  }

  return (
    <div>
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
      {discount ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-500/40 dark:bg-emerald-500/10">
          <div className="min-w-0">
            <p className="font-medium text-emerald-900 dark:text-emerald-200">
              <span className="font-mono">{discount.code ?? discount.name}</span>
              <span className="font-normal"> · {discountLabel(discount, checkout, tr)}</span>
            </p>
            <p className="text-emerald-800 dark:text-emerald-300">
              {tr.t("checkout.youSave", { amount: tr.money(checkout.discount_amount, checkout.currency) })}
            </p>
          </div>
          {isDiscountFixed(checkout) ? null : (
            <button
              type="button"
              onClick={() => void submit(null)}
              disabled={disabled || pending}
              aria-label={tr.t("checkout.removeDiscountCode", { code: discount.code ?? discount.name })}
              className="shrink-0 rounded-md px-2 py-1 font-medium text-emerald-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:text-emerald-200"
            >
              {pending ? <Spinner /> : tr.t("checkout.remove")}
            </button>
          )}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {tr.t("checkout.discountCode")}
          </label>
          <div className="flex gap-2">
            <TextInput
              id={id}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              error={error ?? undefined}
              disabled={disabled}
              onChange={(e) => {
                setCode(e.target.value);
                if (error) setError(null);
              }}
              className="uppercase placeholder:normal-case"
              placeholder={tr.t("checkout.enterCode")}
            />
            <button
              type="submit"
              disabled={disabled || pending}
              className="inline-flex shrink-0 items-center gap-2 rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
            >
              {pending ? <Spinner /> : null}
              {tr.t("checkout.apply")}
            </button>
          </div>
          {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
        </form>
      )}
    </div>
  );
}
