// Pay, and what is said above it: a problem without a field of its own, or "check your email"
// (./check-email-notice.tsx). Enabled from the first paint: a press before hydration is held and paid
// once it ends (./early-pay-script.ts); locked while an attempt runs, and while the payment form
// cannot take a payment (its processor's script did not load: ./payment-form.ts `setUnavailable`).
import { CheckEmailNotice } from "./check-email-notice";
import { Spinner } from "./fields";
import { PAY_BUTTON_ID } from "./form-state";
import { checkoutDisclosure, perInterval } from "./format";
import type { CheckoutView } from "./api";
import { useTranslator } from "@/components/i18n/translator-context";
import type { Translator } from "@/lib/i18n/translator";
import type { CheckoutForm } from "./use-checkout-form";

function payLabel(checkout: CheckoutView, tr: Translator): string {
  const total = tr.money(checkout.total_amount ?? 0, checkout.currency);
  const recurring = checkout.product_price.type === "recurring";
  // A first period that is discounted (or free) says what the next ones cost, tax included.
  const disclosure = checkoutDisclosure(checkout, tr);
  if (checkout.trial_end) return tr.t("checkout.startFreeTrial");
  if (!checkout.is_payment_required) {
    if (!recurring) return tr.t("checkout.completeOrder");
    return disclosure
      ? tr.t("checkout.startSubscriptionWith", { disclosure })
      : tr.t("checkout.startSubscription");
  }
  return recurring
    ? tr.t("checkout.subscribe", {
        price: disclosure ?? perInterval(total, checkout.product_price.recurring_interval, tr),
      })
    : tr.t("checkout.pay", { total });
}

export function PayButton({ form }: { form: CheckoutForm }) {
  const { checkout, submitting } = form;
  const tr = useTranslator();
  return (
    <div className="space-y-4">
      {form.formError ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
        >
          {form.formError}
        </div>
      ) : null}
      {form.checkEmail ? (
        <CheckEmailNotice message={form.checkEmail} organization={checkout.organization} />
      ) : null}
      <button
        id={PAY_BUTTON_ID}
        type="submit"
        // When it is first painted (the Element Timing API), for bench:checkout-page.
        elementtiming="pay-button"
        disabled={submitting || form.paymentUnavailable !== null}
        aria-describedby="pay-note"
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-zinc-900 px-4 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
      >
        {submitting ? (
          <>
            <Spinner className="size-5" />
            {tr.t("checkout.processing")}
          </>
        ) : (
          payLabel(checkout, tr)
        )}
      </button>
      <p
        id="pay-note"
        className="flex items-center justify-center gap-1.5 text-center text-xs text-zinc-500 dark:text-zinc-400"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
            clipRule="evenodd"
          />
        </svg>
        {form.sync.isPricingPending
          ? tr.t("checkout.updatingTotal")
          : tr.t("checkout.soldBy", { organization: checkout.organization.name })}
      </p>
    </div>
  );
}
