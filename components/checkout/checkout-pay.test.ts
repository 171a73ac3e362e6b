// One press of Pay against a payment form (the seam of ./payment-form.ts): the form's problems join
// the page's and nothing is sent; a total that moved stops before a token is made; the token goes
// into one confirm (the same key again while its outcome is unknown); a decline lands at the form's
// field; a processor's further step (`requires_action`) goes to the form, or stops with a message.
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import { loadSchemas, type CheckoutView, type ConfirmedCheckoutView } from "./api";
import { checkoutView } from "./checkout-fixture";
import { payCheckout, type PayInput } from "./checkout-pay";
import { createConfirmKeys } from "./confirm-keys";
import { initialValues, PAY_BUTTON_ID, type FormValues } from "./form-state";
import type { PaymentForm, PaymentFormHandle } from "./payment-form";
import { translator } from "@/lib/i18n/translate";

const shown = checkoutView({ attached_custom_fields: [], total_amount: 4900, payment_processor: "test" });
const filled: FormValues = { ...initialValues(shown), email: "ada@example.com", name: "Ada", country: "FR" };
const CARD_FORM = { Form: () => null, errorPrefix: "card.", declineField: "card.number" } as PaymentForm;

function handle(overrides: Partial<PaymentFormHandle> = {}): PaymentFormHandle {
  return {
    check: vi.fn(() => ({})),
    createConfirmationToken: vi.fn(async () => ({ token: "tok_visa" })),
    ...overrides,
  };
}

const confirmed = (overrides: Record<string, unknown> = {}) =>
  ({ ...shown, status: "confirmed", customer_session_token: "cst_1", ...overrides }) as ConfirmedCheckoutView;

const schemas = await loadSchemas();

function input(overrides: Partial<PayInput> & { handle?: PaymentFormHandle | null } = {}) {
  const { handle: given = handle(), ...rest } = overrides;
  let n = 0;
  return {
    shown,
    values: filled,
    payment: { form: CARD_FORM, handle: given },
    schemas,
    settle: vi.fn(async () => undefined),
    latest: vi.fn((): CheckoutView => shown),
    confirm: vi.fn(async () => confirmed()),
    confirmKeys: createConfirmKeys(() => `key-${++n}`),
    tr: translator("en"),
    ...rest,
  } satisfies PayInput;
}

describe("payCheckout", () => {
  it("shows the payment form's problems with the page's, in the page's order, and sends nothing", async () => {
    const card = handle({ check: vi.fn(() => ({ "card.number": "This card number is not valid." })) });
    const pay = input({ handle: card, values: { ...filled, email: "" } });
    const outcome = await payCheckout(pay);
    expect(outcome).toEqual({
      kind: "problems",
      errors: {
        customer_email: "Enter your email address.",
        "card.number": "This card number is not valid.",
      },
      checkout: shown,
    });
    expect(card.createConfirmationToken).not.toHaveBeenCalled();
    expect(pay.settle).not.toHaveBeenCalled();
    expect(pay.confirm).not.toHaveBeenCalled();
  });

  it("stops before the token when the total moved while the changes landed", async () => {
    const card = handle();
    const pay = input({ handle: card, latest: () => ({ ...shown, total_amount: 5831 }) });
    expect(await payCheckout(pay)).toEqual({
      kind: "message",
      message: "Your total is now $58.31. Please check it and try again.",
      focus: PAY_BUTTON_ID,
    });
    expect(pay.settle).toHaveBeenCalledTimes(1);
    expect(card.createConfirmationToken).not.toHaveBeenCalled();
    expect(pay.confirm).not.toHaveBeenCalled();
  });

  it("confirms with the form's token, and resends the same key while the outcome is unknown", async () => {
    const confirm = vi
      .fn<PayInput["confirm"]>()
      .mockRejectedValueOnce(new ApiRequestError(0, NETWORK_ERROR, "You seem to be offline."))
      .mockResolvedValueOnce(confirmed());
    const pay = input({ confirm });
    expect(await payCheckout(pay)).toEqual({
      kind: "message",
      message: "You seem to be offline.",
      focus: PAY_BUTTON_ID,
    });
    expect(await payCheckout(pay)).toEqual({ kind: "confirmed", checkout: confirmed() });
    expect(confirm.mock.calls.map(([, key]) => key)).toEqual(["key-1", "key-1"]);
    expect(confirm.mock.calls[0]![0]).toMatchObject({
      customer_email: "ada@example.com",
      customer_name: "Ada",
      customer_billing_address: { country: "FR" },
      confirmation_token_id: "tok_visa",
    });
  });

  it("without a payment form (nothing due) confirms without a token", async () => {
    const free = { ...shown, is_payment_form_required: false };
    const confirm = vi.fn(async () => confirmed());
    const pay = input({ shown: free, latest: () => free, payment: null, confirm });
    expect(await payCheckout(pay)).toMatchObject({ kind: "confirmed" });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect((confirm.mock.calls[0] as unknown[])[0]).not.toHaveProperty("confirmation_token_id");
  });

  it("says so, and sends nothing, when the session's processor has no form on this page", async () => {
    const pay = input({ payment: { form: null, handle: null } });
    expect(await payCheckout(pay)).toEqual({
      kind: "message",
      message: "Payments for this checkout cannot be taken on this page. Please contact the seller.",
      focus: null,
    });
    expect(pay.confirm).not.toHaveBeenCalled();
  });

  it("shows the problems the form found while making its token", async () => {
    const card = handle({
      createConfirmationToken: vi.fn(async () => ({ errors: { "card.number": "Your card was declined." } })),
    });
    const pay = input({ handle: card });
    expect(await payCheckout(pay)).toEqual({
      kind: "problems",
      errors: { "card.number": "Your card was declined." },
      checkout: shown,
    });
    expect(pay.confirm).not.toHaveBeenCalled();
  });

  it("puts a decline at the form's decline field", async () => {
    const pay = input({
      confirm: vi.fn(async () => {
        throw new ApiRequestError(400, "PaymentError", "Your card was declined.");
      }),
    });
    expect(await payCheckout(pay)).toEqual({
      kind: "declined",
      message: "Your card was declined.",
      field: "card.number",
    });
  });

  it("hands a requires_action step to the payment form", async () => {
    const action = { type: "redirect_to_url", url: "https://bank.example/3ds" };
    const waiting = confirmed({
      status: "open",
      customer_session_token: null,
      payment_processor_metadata: { next_action: action },
    });
    const handleNextAction = vi.fn(async () => undefined);
    const pay = input({ handle: handle({ handleNextAction }), confirm: vi.fn(async () => waiting) });
    expect(await payCheckout(pay)).toEqual({ kind: "action-taken" });
    expect(handleNextAction).toHaveBeenCalledWith(action);

    const refused = vi.fn(async () => {
      throw new Error("Your bank did not confirm the payment.");
    });
    const again = input({
      handle: handle({ handleNextAction: refused }),
      confirm: vi.fn(async () => waiting),
    });
    expect(await payCheckout(again)).toEqual({
      kind: "message",
      message: "Your bank did not confirm the payment.",
      focus: PAY_BUTTON_ID,
    });

    // A form that cannot show such a step (the test card form): the payment stops with a message.
    const cardOnly = input({ confirm: vi.fn(async () => waiting) });
    expect(await payCheckout(cardOnly)).toEqual({
      kind: "message",
      message: "Your bank needs you to confirm this payment, which this page cannot show yet.",
      focus: null,
    });
  });

  it("maps the other answers of confirm to what the page does", async () => {
    const failing = (error: unknown) => input({ confirm: vi.fn(async () => Promise.reject(error)) });
    expect(await payCheckout(failing(new ApiRequestError(403, "NotOpenCheckout", "closed")))).toEqual({
      kind: "closed",
    });
    expect(await payCheckout(failing(new ApiRequestError(409, "ConflictError", "busy")))).toEqual({
      kind: "busy",
    });
    expect(await payCheckout(failing(new ApiRequestError(403, "CheckEmail", "Check your email.")))).toEqual({
      kind: "check-email",
      message: "Check your email.",
    });
    expect(await payCheckout(failing(new TypeError("boom")))).toEqual({
      kind: "message",
      message: "Something went wrong. Please try again.",
      focus: null,
    });
    const problem = { type: "missing", loc: ["body", "customer_email"], msg: "Field required", input: null };
    expect(
      await payCheckout(failing(new ApiRequestError(422, "RequestValidationError", "invalid", [problem]))),
    ).toEqual({ kind: "problems", errors: { customer_email: "Enter your email address." }, checkout: shown });
  });
});
