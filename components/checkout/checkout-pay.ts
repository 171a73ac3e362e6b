// One press of Pay, from the form's values to confirm's answer, as an outcome for the page to show
// (./use-checkout-form.ts). Everything is checked in the browser with the API's own rules (the
// payment form checks its part: ./payment-form.ts); the changes still on their way land and the
// total must be the one the buyer saw; only then is the payment form asked for its token and the
// session confirmed, once (one idempotency key per attempt, resent while its outcome is unknown:
// ./confirm-keys.ts). A processor's further step (`requires_action`) goes to the payment form.
// Loaded once the page is idle, with the schemas it needs: not part of the page's first load.
import { ApiRequestError } from "@/components/api-client";
import type { Translator } from "@/lib/i18n/translator";
import type { CheckoutView, ConfirmCheckoutBody, ConfirmedCheckoutView } from "./api";
import type { ConfirmKeys } from "./confirm-keys";
import {
  buildConfirmBody,
  errorsFrom,
  PAY_BUTTON_ID,
  requirementProblems,
  type FieldErrors,
  type FormValues,
} from "./form-state";
import type { PaymentForm, PaymentFormHandle } from "./payment-form";
import type * as Schemas from "./schemas";

export type PayOutcome =
  /** Confirmed: the store holds the confirmed session, the confirmation replaces the form. */
  | { kind: "confirmed"; checkout: ConfirmedCheckoutView }
  /** The buyer acted on the processor's step; the processor's notification completes the payment. */
  | { kind: "action-taken" }
  /** Problems at fields (and, without a control, above Pay), judged against `checkout`. */
  | { kind: "problems"; errors: FieldErrors; checkout: CheckoutView }
  /** A message above Pay, and where the focus goes (null: nowhere in particular). */
  | { kind: "message"; message: string; focus: string | null }
  | { kind: "declined"; message: string; field: string | null }
  | { kind: "check-email"; message: string }
  /** The buyer had a trial already: they may subscribe without one (the page declines it for them). */
  | { kind: "trial-redeemed" }
  /** Another request is confirming this session: its outcome is coming. */
  | { kind: "busy" }
  /** The session is no longer open. */
  | { kind: "closed" };

export type PayInput = {
  /** The session as the buyer saw it when pressing Pay, and what they had entered. */
  shown: CheckoutView;
  values: FormValues;
  /** The session's payment form and its handle; null when none is shown (nothing is due). */
  payment: { form: PaymentForm | null; handle: PaymentFormHandle | null } | null;
  /** zod and the API's schemas (./schemas.ts), loaded by then. */
  schemas: typeof Schemas;
  /** Lands the changes still waiting; then `latest` is the server's last answer. */
  settle: () => Promise<unknown>;
  latest: () => CheckoutView;
  confirm: (body: ConfirmCheckoutBody, idempotencyKey: string) => Promise<ConfirmedCheckoutView>;
  confirmKeys: ConfirmKeys;
  /** The page's language: its messages, and the session's `locale` when none was set (docs/i18n.md). */
  tr: Translator;
};

const message = (text: string, focus: string | null = null): PayOutcome => ({
  kind: "message",
  message: text,
  focus,
});

/**
 * Confirm's body; a session without a `locale` gets the one its page was shown in, so the receipt
 * and the buyer's next emails speak it too (docs/i18n.md).
 */
function confirmBody(input: PayInput, token: string | null): ConfirmCheckoutBody {
  const body = buildConfirmBody(input.shown, input.values, token);
  if (!input.shown.locale) body.locale = input.tr.locale;
  return body;
}

export async function payCheckout(input: PayInput): Promise<PayOutcome> {
  const { shown, values, payment, tr } = input;
  const handle = payment?.handle ?? null;
  if (payment && !handle) {
    return message(tr.t("errors.paymentsNotHere"));
  }
  const paymentProblems = handle ? await handle.check() : {};

  const { schemas } = input;
  const parsed = schemas.parseWith(schemas.confirmCheckoutBody, confirmBody(input, null), "body");
  const problems = [
    ...(parsed.ok ? [] : parsed.problems),
    ...requirementProblems(shown, values, schemas.validateCustomFieldData),
  ];
  const found: FieldErrors = { ...errorsFrom(problems, shown, tr), ...paymentProblems };
  if (Object.keys(found).length) return { kind: "problems", errors: found, checkout: shown };

  // What is charged must be what the buyer saw: land pending changes, then compare.
  await input.settle();
  const latest = input.latest();
  if (
    latest.total_amount !== shown.total_amount ||
    latest.is_payment_form_required !== shown.is_payment_form_required
  ) {
    const total = tr.money(latest.total_amount ?? 0, latest.currency);
    return message(tr.t("errors.totalChanged", { total }), PAY_BUTTON_ID);
  }

  let token: string | null = null;
  if (handle) {
    const result = await handle.createConfirmationToken();
    if ("errors" in result) return { kind: "problems", errors: result.errors, checkout: latest };
    token = result.token;
  }

  const body = confirmBody(input, token);
  const idempotencyKey = input.confirmKeys.keyFor(body);
  let confirmed: ConfirmedCheckoutView;
  try {
    confirmed = await input.confirm(body, idempotencyKey);
    input.confirmKeys.ended(idempotencyKey, body, null);
  } catch (error) {
    input.confirmKeys.ended(idempotencyKey, body, error);
    return confirmErrorOutcome(error, latest, payment?.form?.declineField ?? null, tr);
  }

  const action = nextAction(confirmed);
  if (!action) return { kind: "confirmed", checkout: confirmed };
  if (!handle?.handleNextAction) {
    return message(tr.t("errors.bankConfirmUnsupported"));
  }
  try {
    await handle.handleNextAction(action);
  } catch (error) {
    return message(
      error instanceof Error ? error.message : tr.t("errors.paymentNotConfirmed"),
      PAY_BUTTON_ID,
    );
  }
  return { kind: "action-taken" };
}

/** The processor's step for the buyer, when confirm left the session open waiting for one. */
export function nextAction(checkout: ConfirmedCheckoutView): Record<string, unknown> | null {
  if (checkout.status !== "open") return null;
  const action = (checkout.payment_processor_metadata as Record<string, unknown>).next_action;
  return action && typeof action === "object" ? (action as Record<string, unknown>) : null;
}

function confirmErrorOutcome(
  error: unknown,
  current: CheckoutView,
  declineField: string | null,
  tr: Translator,
): PayOutcome {
  if (!(error instanceof ApiRequestError)) return message(tr.t("errors.somethingWentWrong"));
  if (error.problems.length) {
    return { kind: "problems", errors: errorsFrom(error.problems, current, tr), checkout: current };
  }
  switch (error.code) {
    case "PaymentError":
      return { kind: "declined", message: error.message, field: declineField };
    case "NotOpenCheckout":
      return { kind: "closed" };
    case "CheckEmail":
      return { kind: "check-email", message: error.message };
    case "TrialAlreadyRedeemed":
      return { kind: "trial-redeemed" };
    case "ConflictError":
      return { kind: "busy" };
    default:
      // NETWORK_ERROR and the rest: the server's words, and the buyer may press Pay again.
      return message(error.message, PAY_BUTTON_ID);
  }
}
