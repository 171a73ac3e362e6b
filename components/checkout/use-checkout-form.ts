"use client";
// The open checkout's state, in one place for its parts (./open-checkout.tsx): the buyer's values
// (local state is their source of truth; the debounced sync sends them so the summary follows,
// ./use-checkout-sync.ts), the problems by field, the message above Pay, the focus, and Pay itself
// (./checkout-pay.ts; the button locked while it runs). A Pay pressed before the page hydrated is
// taken over here (./early-pay.ts).
import { useTranslator } from "@/components/i18n/translator-context";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Problem } from "@/components/api-client";
import { loadSchemas, updateCheckout, type CheckoutView } from "./api";
import type { PayOutcome } from "./checkout-pay";
import { createConfirmKeys } from "./confirm-keys";
import { loadPayFlow, useLoadWhenIdle } from "./after-paint";
import { snapshotInputs, takeEarlyPay } from "./early-pay";
import { postToEmbedder } from "./embed";
import {
  amountProblems,
  buildUpdateBody,
  errorsFrom,
  fieldId,
  initialValues,
  invalidGroups,
  isCustomPrice,
  PAY_BUTTON_ID,
  type Answer,
  type FieldErrors,
  type FormValues,
  type SyncGroup,
} from "./form-state";
import { useCheckoutStore, useConfirmCheckout, waitForBankStep } from "./hooks";
import type { PaymentFormHandle } from "./payment-form";
import { paymentFormFor } from "./payment-forms";
import { readTypedValues } from "./typed-values";
import { SYNC_CHOICE_MS, useCheckoutSync } from "./use-checkout-sync";
import { useFormAttention } from "./use-form-attention";
import { useHydrated } from "./use-hydrated";

/** Keys of problems that have a control on the page; the others are shown above the Pay button. */
function hasControl(key: string, checkout: CheckoutView): boolean {
  const payment = checkout.is_payment_form_required ? paymentFormFor(checkout.payment_processor) : null;
  if (payment && key.startsWith(payment.errorPrefix)) return true;
  if (key === "amount") return isCustomPrice(checkout.product_price);
  return key.startsWith("customer_") || key.startsWith("custom_field_data.") || key === "discount_code";
}

export function useCheckoutForm(checkout: CheckoutView, onClosed: () => void) {
  const store = useCheckoutStore();
  const tr = useTranslator();
  const hydrated = useHydrated();
  const confirm = useConfirmCheckout();

  const [values, setValues] = useState<FormValues>(() => initialValues(checkout));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  /** Why the payment form cannot take a payment (./payment-form.ts `setUnavailable`): Pay is off. */
  const [paymentUnavailable, setPaymentUnavailable] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [payQueued, setPayQueued] = useState(false);
  const confirmKeys = useRef(createConfirmKeys()).current;

  const rootRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const paymentRef = useRef<PaymentFormHandle>(null);
  const submittingRef = useRef(false);
  const valuesRef = useRef(values);
  const checkoutRef = useRef(checkout);
  useEffect(() => {
    valuesRef.current = values;
    checkoutRef.current = checkout;
  });

  const { announcement, announce, requestFocus } = useFormAttention(rootRef, submitting);
  useLoadWhenIdle();

  const sync = useCheckoutSync({
    buildBody: async (groups) => {
      const current = checkoutRef.current;
      const body = buildUpdateBody(current, valuesRef.current, groups);
      const schemas = await loadSchemas();
      const parsed = schemas.parseWith(schemas.clientUpdateCheckoutBody, body, "body");
      const held = invalidGroups(
        current,
        valuesRef.current,
        parsed.ok ? [] : parsed.problems,
        schemas.validateCustomFieldData,
      );
      return Object.fromEntries(Object.entries(body).filter(([key]) => !held.has(key)));
    },
    onProblems: (problems) => setErrors((e) => ({ ...e, ...errorsFrom(problems, checkoutRef.current, tr) })),
    onClosed,
  });

  function setFieldError(key: string, message: string | null) {
    setErrors((e) => {
      if (message !== null) return { ...e, [key]: message };
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  }

  function change<K extends keyof FormValues>(
    key: K,
    value: FormValues[K],
    group: SyncGroup,
    errorKey: string,
  ) {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldError(errorKey, null);
    // The amount and the state (tax) move the total; the state is a choice, sent sooner.
    if (key === "amount") sync.markDirty(group, { pricing: true });
    else if (key === "state") sync.markDirty(group, { pricing: true, delayMs: SYNC_CHOICE_MS });
    else sync.markDirty(group);
  }

  function changeCountry(country: string) {
    setValues((v) => ({ ...v, country, state: v.country === country ? v.state : "" }));
    setFieldError("customer_billing_address.country", null);
    setFieldError("customer_billing_address.state", null);
    sync.markDirty("customer_billing_address", { pricing: true, delayMs: SYNC_CHOICE_MS });
  }

  function changeAnswer(slug: string, value: Answer) {
    setValues((v) => ({ ...v, answers: { ...v.answers, [slug]: value } }));
    setFieldError(`custom_field_data.${slug}`, null);
    sync.markDirty("custom_field_data");
  }

  /** On leaving a field: say what is wrong with what was typed (never nag about an empty field). */
  async function checkOnBlur(key: "customer_email" | "amount") {
    const current = checkoutRef.current;
    const typed = key === "amount" ? values.amount : values.email;
    if (!typed.trim()) return;
    let problems: Problem[];
    if (key === "amount") problems = amountProblems(current, typed);
    else {
      const schemas = await loadSchemas();
      const parsed = schemas.parseWith(schemas.clientUpdateCheckoutBody, { customer_email: typed }, "body");
      problems = parsed.ok ? [] : parsed.problems;
    }
    if (problems.length) setErrors((e) => ({ ...e, ...errorsFrom(problems, current, tr) }));
  }

  function showErrors(next: FieldErrors, current: CheckoutView) {
    setErrors(next);
    const keys = Object.keys(next);
    const orphan = keys.filter((k) => !hasControl(k, current)).map((k) => next[k]);
    if (orphan.length) setFormError(orphan.join(" "));
    announce(
      keys.length === 1
        ? tr.t("errors.problemOne", { message: Object.values(next)[0] ?? "" })
        : tr.t("errors.problemsMany", { count: keys.length }),
    );
    requestFocus(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  async function submit() {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    setFormError(null);
    setCheckEmail(null);
    try {
      const shown = checkoutRef.current;
      const values = valuesRef.current;
      const form = shown.is_payment_form_required ? paymentFormFor(shown.payment_processor) : undefined;
      let loaded;
      try {
        loaded = await Promise.all([loadPayFlow(), loadSchemas()]);
      } catch {
        setFormError(tr.t("errors.loadFailed"));
        return;
      }
      const [{ payCheckout }, schemas] = loaded;
      const outcome = await payCheckout({
        shown,
        values,
        payment: form === undefined ? null : { form, handle: paymentRef.current },
        schemas,
        settle: sync.settle,
        latest: store.getCheckout,
        confirm,
        confirmKeys,
        tr,
      });
      show(outcome);
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  function show(outcome: PayOutcome) {
    switch (outcome.kind) {
      case "confirmed":
        // The store now says `confirmed`: the confirmation view replaces this one.
        postToEmbedder(outcome.checkout.embed_origin, "confirmed", { checkout_id: outcome.checkout.id });
        return;
      case "action-taken":
        void waitForBankStep(store);
        return;
      case "problems":
        return showErrors(outcome.errors, outcome.checkout);
      case "message":
        setFormError(outcome.message);
        if (outcome.focus) requestFocus(outcome.focus);
        return;
      case "declined":
        if (outcome.field) setFieldError(outcome.field, outcome.message);
        setFormError(tr.t("errors.declined", { message: outcome.message }));
        requestFocus(outcome.field ? fieldId(outcome.field) : PAY_BUTTON_ID);
        return;
      case "closed":
        return onClosed();
      case "check-email":
        return setCheckEmail(outcome.message);
      case "trial-redeemed":
        // The session without its trial: Pay now says what is charged today.
        setFormError(tr.t("errors.trialAlreadyUsed"));
        void updateCheckout(store.clientSecret, { allow_trial: false })
          .then((checkout) => store.setCheckout(checkout))
          .catch(() => undefined);
        requestFocus(PAY_BUTTON_ID);
        return;
      case "busy":
        // The same session is being confirmed by another request: show its outcome.
        setFormError(tr.t("errors.alreadyProcessing"));
        void store.refresh().catch(() => undefined);
        return;
    }
  }

  // Typed, or Pay pressed, before the page hydrated (./early-pay-script.ts): the inputs hold what
  // was typed, the state does not yet; take it over once, in the hydration's own commit (any later
  // render puts the state back into the inputs, and later typing goes to the state), then pay if
  // Pay was pressed. The payment form takes over its own inputs, in an effect that runs first.
  useEffect(() => {
    const typed = readTypedValues(snapshotInputs(formRef.current), checkoutRef.current, valuesRef.current);
    if (typed) {
      setValues(typed.values);
      for (const group of typed.groups) sync.markDirty(group, { pricing: typed.pricing });
    }
    if (takeEarlyPay(formRef.current)) setPayQueued(true);
    // Once, at hydration: later changes go through the inputs' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with what hydration saw
  }, []);

  // Runs in the render that holds the values taken over above.
  const earlyPayTaken = useRef(false);
  useEffect(() => {
    if (!payQueued || earlyPayTaken.current) return;
    earlyPayTaken.current = true;
    void submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when Pay was queued, with that render's submit
  }, [payQueued]);

  return {
    /** For the parts: plain values and actions, read during render. */
    form: {
      checkout,
      values,
      errors,
      formError,
      checkEmail,
      paymentUnavailable,
      setPaymentUnavailable,
      announcement,
      submitting,
      hydrated,
      sync,
      /** A field's element id and its problem, for Field and its control. */
      field: (key: string) => ({ id: fieldId(key), error: errors[key] }),
      change,
      changeCountry,
      changeAnswer,
      setFieldError,
      checkOnBlur,
      onSubmit,
    },
    /** For the layout: the elements and the payment form the hook reaches (never read in render). */
    rootRef,
    formRef,
    paymentRef,
  };
}

/** The open checkout's state and actions, as its parts take them. */
export type CheckoutForm = ReturnType<typeof useCheckoutForm>["form"];
