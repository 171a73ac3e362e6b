"use client";
// The open session: summary on one side, the buyer's form on the other (one column on a phone).
// Inputs live in local state; the debounced sync sends them so the summary follows; Pay checks
// everything in the browser with the API's own rules, waits for the total to be final, then
// confirms once (one idempotency key per attempt, resent while its outcome is unknown: ./confirm-keys.ts;
// the button locked while it runs).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { testTokenForCard, validateCard, type CardErrors, type CardInput } from "@/lib/checkout/card";
import { ApiRequestError, NETWORK_ERROR, type Problem } from "@/components/api-client";
import { loadSchemas, type CheckoutView } from "./api";
import { createConfirmKeys } from "./confirm-keys";
import { CheckEmailNotice } from "./check-email-notice";
import { CardFields } from "./card-fields";
import type { Choice } from "./countries";
import type { Subdivisions } from "./subdivisions";
import { CustomFields } from "./custom-fields";
import { DiscountField } from "./discount-field";
import { postToEmbedder } from "./embed";
import { Field, Section, Select, Spinner, TextInput } from "./fields";
import {
  amountBounds,
  amountProblems,
  buildConfirmBody,
  buildUpdateBody,
  errorsFrom,
  fieldId,
  initialValues,
  invalidGroups,
  isCustomPrice,
  requirementProblems,
  type Answer,
  type FieldErrors,
  type FormValues,
  type SyncGroup,
} from "./form-state";
import { currencySymbol, formatMoney } from "@/lib/money";
import { checkoutDisclosure, intervalLabel } from "./format";
import { useCheckoutStore, useConfirmCheckout } from "./hooks";
import { ProductPicker } from "./product-picker";
import { OrganizationBadge, ProductDetails, Totals } from "./summary";
import { SYNC_CHOICE_MS, useCheckoutSync } from "./use-checkout-sync";
import { useHydrated } from "./use-hydrated";
import { snapshotInputs, takeEarlyPay } from "./early-pay";
import { readTypedValues } from "./typed-values";

type Props = {
  checkout: CheckoutView;
  /** The country choices, from the server (countries.ts): not part of this page's JavaScript. */
  countries: readonly Choice[];
  /** The states and provinces, from the server (./subdivisions.ts), likewise. */
  subdivisions: Subdivisions;
  /** The server says the session is no longer open. */
  onClosed: () => void;
};

/** Keys of problems that have a control on the page; the others are shown above the Pay button. */
function hasControl(key: string, checkout: CheckoutView): boolean {
  if (key.startsWith("card.")) return checkout.is_payment_form_required;
  if (key === "amount") return isCustomPrice(checkout.product_price);
  return key.startsWith("customer_") || key.startsWith("custom_field_data.") || key === "discount_code";
}

function payLabel(checkout: CheckoutView): string {
  const total = formatMoney(checkout.total_amount ?? 0, checkout.currency);
  const recurring = checkout.product_price.type === "recurring";
  // A first period that is discounted (or free) says what the next ones cost, tax included.
  const disclosure = checkoutDisclosure(checkout);
  if (!checkout.is_payment_required) {
    if (!recurring) return "Complete order";
    return disclosure ? `Start subscription · ${disclosure}` : "Start subscription";
  }
  return recurring
    ? `Subscribe · ${disclosure ?? `${total} / ${intervalLabel(checkout.product_price.recurring_interval)}`}`
    : `Pay ${total}`;
}

const EMPTY_CARD: CardInput = { number: "", expiry: "", cvc: "" };
const PAY_BUTTON_ID = "pay-button";

export function OpenCheckout({ checkout, countries, subdivisions, onClosed }: Props) {
  const store = useCheckoutStore();
  const hydrated = useHydrated();
  const confirm = useConfirmCheckout();

  const [values, setValues] = useState<FormValues>(() => initialValues(checkout));
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const confirmKeys = useRef(createConfirmKeys()).current;
  const [announcement, setAnnouncement] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const [payQueued, setPayQueued] = useState(false);

  const rootRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submittingRef = useRef(false);
  /** An element id to focus once the form is enabled again; null: the first field in error. */
  const focusTarget = useRef<string | null | undefined>(undefined);
  const valuesRef = useRef(values);
  const checkoutRef = useRef(checkout);
  useEffect(() => {
    valuesRef.current = values;
    checkoutRef.current = checkout;
  });

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
    onProblems: (problems) => setErrors((e) => ({ ...e, ...errorsFrom(problems, checkoutRef.current) })),
    onClosed,
  });

  // zod and the API's schemas, and the confirmation shown after Pay: fetched once the page is
  // idle, so the first change or Pay finds them.
  useEffect(() => {
    const load = () => {
      void loadSchemas().catch(() => undefined);
      void import("./confirmation").catch(() => undefined);
    };
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(load, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, []);

  // Move focus where the buyer has to act (the first field in error, in document order), once
  // the controls disabled during the attempt are enabled again.
  useEffect(() => {
    if (submitting || focusTarget.current === undefined) return;
    const id = focusTarget.current;
    focusTarget.current = undefined;
    const target =
      (id && document.getElementById(id)) ||
      rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [focusTick, submitting]);

  function requestFocus(id: string | null) {
    focusTarget.current = id;
    setFocusTick((n) => n + 1);
  }

  function announce(message: string) {
    setAnnouncement("");
    setTimeout(() => setAnnouncement(message), 50);
  }

  function clearError(key: string) {
    setErrors((e) => {
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
    clearError(errorKey);
    // The amount and the state (tax) move the total; the state is a choice, sent sooner.
    if (key === "amount") sync.markDirty(group, { pricing: true });
    else if (key === "state") sync.markDirty(group, { pricing: true, delayMs: SYNC_CHOICE_MS });
    else sync.markDirty(group);
  }

  function changeCountry(country: string) {
    setValues((v) => ({ ...v, country, state: v.country === country ? v.state : "" }));
    clearError("customer_billing_address.country");
    clearError("customer_billing_address.state");
    sync.markDirty("customer_billing_address", { pricing: true, delayMs: SYNC_CHOICE_MS });
  }

  function changeAnswer(slug: string, value: Answer) {
    setValues((v) => ({ ...v, answers: { ...v.answers, [slug]: value } }));
    clearError(`custom_field_data.${slug}`);
    sync.markDirty("custom_field_data");
  }

  function changeCard(next: CardInput) {
    for (const field of ["number", "expiry", "cvc"] as const) {
      if (next[field] !== card[field]) clearError(`card.${field}`);
    }
    setCard(next);
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
    if (problems.length) setErrors((e) => ({ ...e, ...errorsFrom(problems, current) }));
  }

  function checkCardOnBlur(field: keyof CardInput) {
    if (!card[field].trim()) return;
    const message = validateCard(card, new Date())[field];
    if (message) setErrors((e) => ({ ...e, [`card.${field}`]: message }));
  }

  function showErrors(next: FieldErrors, current: CheckoutView) {
    setErrors(next);
    const keys = Object.keys(next);
    const orphan = keys.filter((k) => !hasControl(k, current)).map((k) => next[k]);
    if (orphan.length) setFormError(orphan.join(" "));
    announce(
      keys.length === 1
        ? `There is a problem: ${Object.values(next)[0]}`
        : `There are ${keys.length} problems with the form. The first one is selected.`,
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
      await pay();
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  async function pay() {
    const shown = checkoutRef.current;
    const current = valuesRef.current;
    const paymentForm = shown.is_payment_form_required;

    let cardErrors: CardErrors = {};
    if (paymentForm) cardErrors = validateCard(card, new Date());
    const token = paymentForm && !Object.keys(cardErrors).length ? testTokenForCard(card.number) : null;
    const body = buildConfirmBody(shown, current, token);

    let schemas;
    try {
      schemas = await loadSchemas();
    } catch {
      setFormError("We couldn't load the page completely. Check your connection and try again.");
      return;
    }
    const parsed = schemas.parseWith(schemas.confirmCheckoutBody, body, "body");
    const problems = [
      ...(parsed.ok ? [] : parsed.problems),
      ...requirementProblems(shown, current, schemas.validateCustomFieldData),
    ];
    const found: FieldErrors = errorsFrom(problems, shown);
    for (const [field, message] of Object.entries(cardErrors)) found[`card.${field}`] = message;
    if (Object.keys(found).length) {
      showErrors(found, shown);
      return;
    }

    // What is charged must be what the buyer saw: land pending changes, then compare.
    await sync.settle();
    const latest = store.getCheckout();
    if (latest.total_amount !== shown.total_amount || latest.is_payment_form_required !== paymentForm) {
      const message = `Your total is now ${formatMoney(latest.total_amount ?? 0, latest.currency)}. Please check it and try again.`;
      setFormError(message);
      requestFocus(PAY_BUTTON_ID);
      return;
    }

    const idempotencyKey = confirmKeys.keyFor(body);
    try {
      const confirmed = await confirm(body, idempotencyKey);
      confirmKeys.ended(idempotencyKey, body, null);
      postToEmbedder(confirmed.embed_origin, "confirmed", { checkout_id: confirmed.id });
      // The store now says `confirmed`: the confirmation view replaces this one.
    } catch (error) {
      confirmKeys.ended(idempotencyKey, body, error);
      handleConfirmError(error, latest);
    }
  }

  function handleConfirmError(error: unknown, current: CheckoutView) {
    if (!(error instanceof ApiRequestError)) {
      setFormError("Something went wrong. Please try again.");
      return;
    }
    if (error.problems.length) {
      showErrors(errorsFrom(error.problems, current), current);
      return;
    }
    switch (error.code) {
      case "PaymentError": {
        setErrors((e) => ({ ...e, "card.number": error.message }));
        setFormError(`${error.message} Please try another card.`);
        requestFocus(fieldId("card.number"));
        return;
      }
      case "NotOpenCheckout":
        onClosed();
        return;
      case "CheckEmail":
        setCheckEmail(error.message);
        return;
      case "ConflictError":
        // The same session is being confirmed by another request: show its outcome.
        setFormError("Your payment is already being processed…");
        void store.refresh().catch(() => undefined);
        return;
      case NETWORK_ERROR:
      default:
        setFormError(error.message);
        requestFocus(PAY_BUTTON_ID);
    }
  }

  // Typed, or Pay pressed, before the page hydrated (./early-pay-script.ts): the inputs hold what
  // was typed, the state does not yet; take both over once, in the hydration's own commit (any
  // later render puts the state back into the inputs, and later typing goes to the state), then
  // pay if Pay was pressed.
  useEffect(() => {
    const typed = readTypedValues(
      snapshotInputs(formRef.current),
      checkoutRef.current,
      valuesRef.current,
      EMPTY_CARD,
    );
    if (typed) {
      setValues(typed.values);
      setCard(typed.card);
      for (const group of typed.groups) sync.markDirty(group, { pricing: typed.pricing });
    }
    if (takeEarlyPay(formRef.current)) setPayQueued(true);
    // Once, at hydration: later changes go through the inputs' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Runs in the render that holds the values taken over above.
  const earlyPayTaken = useRef(false);
  useEffect(() => {
    if (!payQueued || earlyPayTaken.current) return;
    earlyPayTaken.current = true;
    void submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payQueued]);

  const subdivision = values.country ? subdivisions[values.country] : undefined;
  const showAddress = !checkout.is_free_product_price || checkout.is_payment_form_required;
  const paymentForm = checkout.is_payment_form_required;
  const price = checkout.product_price;
  const bounds = isCustomPrice(price) ? amountBounds(price) : null;
  const field = (key: string) => ({ id: fieldId(key), error: errors[key] });

  return (
    <div ref={rootRef} className="relative">
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 hidden w-1/2 border-r border-zinc-200 bg-zinc-50 lg:block dark:border-zinc-800 dark:bg-zinc-900/60"
      />
      <p role="alert" className="sr-only">
        {announcement}
      </p>
      <main className="relative mx-auto grid max-w-6xl lg:min-h-screen lg:grid-cols-2">
        <section
          aria-label="Your order"
          className="border-b border-zinc-200 bg-zinc-50 px-5 py-8 sm:px-10 lg:border-b-0 lg:bg-transparent lg:py-16 lg:pr-14 dark:border-zinc-800 dark:bg-zinc-900/60 lg:dark:bg-transparent"
        >
          <div className="mx-auto max-w-md space-y-8 lg:sticky lg:top-16 lg:mr-0">
            <OrganizationBadge organization={checkout.organization} />
            <ProductDetails checkout={checkout} />
            <Totals
              checkout={checkout}
              pending={sync.isPricingPending}
              hasCountry={!!values.country}
              discountSlot={
                <DiscountField checkout={checkout} onSetCode={sync.setDiscountCode} disabled={submitting} />
              }
            />
          </div>
        </section>

        <section aria-label="Checkout details" className="px-5 py-8 sm:px-10 lg:py-16 lg:pl-14">
          <form
            ref={formRef}
            onSubmit={onSubmit}
            noValidate
            aria-busy={submitting}
            // For ./early-pay-script.ts (EARLY_PAY_FORM_ATTRIBUTE), and for tests and the benchmark:
            // whether React handles the form yet.
            data-checkout-form=""
            data-hydrated={hydrated ? "true" : "false"}
            className="mx-auto max-w-md space-y-8 lg:ml-0"
          >
            <ProductPicker
              checkout={checkout}
              disabled={submitting}
              onPick={(productId) => void sync.setProduct(productId)}
            />
            {bounds ? (
              <Section title="Choose your price">
                <Field
                  {...field("amount")}
                  label="Amount"
                  required
                  help={`Minimum ${formatMoney(bounds.min, checkout.currency)}${
                    price.maximum_amount ? `, maximum ${formatMoney(bounds.max, checkout.currency)}` : ""
                  }.`}
                >
                  <div className="flex">
                    <span
                      aria-hidden="true"
                      className="inline-flex items-center rounded-l-lg border border-r-0 border-zinc-300 bg-zinc-50 px-3 text-sm text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400"
                    >
                      {currencySymbol(checkout.currency)}
                    </span>
                    <TextInput
                      {...field("amount")}
                      help
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      required
                      value={values.amount}
                      disabled={submitting}
                      onChange={(e) => change("amount", e.target.value, "amount", "amount")}
                      onBlur={() => void checkOnBlur("amount")}
                      className="rounded-l-none tabular-nums"
                    />
                  </div>
                </Field>
              </Section>
            ) : null}

            <Section title="Contact information">
              <Field {...field("customer_email")} label="Email" required>
                <TextInput
                  {...field("customer_email")}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  spellCheck={false}
                  required
                  placeholder="you@example.com"
                  value={values.email}
                  disabled={submitting}
                  onChange={(e) => change("email", e.target.value, "customer_email", "customer_email")}
                  onBlur={() => void checkOnBlur("customer_email")}
                />
              </Field>
              <Field
                {...field("customer_name")}
                label="Full name"
                required={paymentForm}
                optional={!paymentForm}
              >
                <TextInput
                  {...field("customer_name")}
                  type="text"
                  autoComplete="name"
                  required={paymentForm}
                  value={values.name}
                  disabled={submitting}
                  onChange={(e) => change("name", e.target.value, "customer_name", "customer_name")}
                />
              </Field>
            </Section>

            {showAddress ? (
              <Section title="Billing address">
                <Field
                  {...field("customer_billing_address.country")}
                  label="Country"
                  required={paymentForm}
                  optional={!paymentForm}
                >
                  <Select
                    {...field("customer_billing_address.country")}
                    autoComplete="country"
                    required={paymentForm}
                    value={values.country}
                    disabled={submitting}
                    onChange={(e) => changeCountry(e.target.value)}
                  >
                    <option value="">Select a country…</option>
                    {countries.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </Select>
                </Field>
                {subdivision ? (
                  <Field {...field("customer_billing_address.state")} label={subdivision.label} required>
                    <Select
                      {...field("customer_billing_address.state")}
                      autoComplete="address-level1"
                      required
                      value={values.state}
                      disabled={submitting}
                      onChange={(e) =>
                        change(
                          "state",
                          e.target.value,
                          "customer_billing_address",
                          "customer_billing_address.state",
                        )
                      }
                    >
                      <option value="">Select a {subdivision.label.toLowerCase()}…</option>
                      {subdivision.choices.map(([code, name]) => (
                        <option key={code} value={code}>
                          {name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                ) : null}
                <Field {...field("customer_billing_address.line1")} label="Address" optional>
                  <TextInput
                    {...field("customer_billing_address.line1")}
                    type="text"
                    autoComplete="address-line1"
                    value={values.line1}
                    disabled={submitting}
                    onChange={(e) =>
                      change(
                        "line1",
                        e.target.value,
                        "customer_billing_address",
                        "customer_billing_address.line1",
                      )
                    }
                  />
                </Field>
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
                  <Field {...field("customer_billing_address.city")} label="City" optional>
                    <TextInput
                      {...field("customer_billing_address.city")}
                      type="text"
                      autoComplete="address-level2"
                      value={values.city}
                      disabled={submitting}
                      onChange={(e) =>
                        change(
                          "city",
                          e.target.value,
                          "customer_billing_address",
                          "customer_billing_address.city",
                        )
                      }
                    />
                  </Field>
                  <Field {...field("customer_billing_address.postal_code")} label="Postal code" optional>
                    <TextInput
                      {...field("customer_billing_address.postal_code")}
                      type="text"
                      autoComplete="postal-code"
                      value={values.postalCode}
                      disabled={submitting}
                      onChange={(e) =>
                        change(
                          "postalCode",
                          e.target.value,
                          "customer_billing_address",
                          "customer_billing_address.postal_code",
                        )
                      }
                    />
                  </Field>
                </div>
                <Field
                  {...field("customer_tax_id")}
                  label="Tax ID"
                  optional
                  help="VAT or GST number, when buying for a business."
                >
                  <TextInput
                    {...field("customer_tax_id")}
                    help
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    value={values.taxId}
                    disabled={submitting}
                    onChange={(e) => change("taxId", e.target.value, "customer_tax_id", "customer_tax_id")}
                  />
                </Field>
              </Section>
            ) : null}

            {checkout.attached_custom_fields.length ? (
              <Section title="Additional information">
                <CustomFields
                  fields={checkout.attached_custom_fields}
                  answers={values.answers}
                  errors={errors}
                  onChange={changeAnswer}
                  disabled={submitting}
                />
              </Section>
            ) : null}

            {paymentForm ? (
              <Section title="Payment">
                <CardFields
                  card={card}
                  errors={errors}
                  disabled={submitting}
                  onChange={changeCard}
                  onBlurField={checkCardOnBlur}
                />
              </Section>
            ) : null}

            <div className="space-y-4">
              {formError ? (
                <div
                  role="alert"
                  className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
                >
                  {formError}
                </div>
              ) : null}
              {checkEmail ? (
                <CheckEmailNotice message={checkEmail} organization={checkout.organization} />
              ) : null}
              <button
                id={PAY_BUTTON_ID}
                type="submit"
                // When it is first painted (the Element Timing API), for bench:checkout-page.
                elementtiming="pay-button"
                // Enabled from the first paint: a press before hydration is held and paid once it ends.
                disabled={submitting}
                aria-describedby="pay-note"
                className="flex w-full items-center justify-center gap-2 rounded-lg bg-zinc-900 px-4 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
              >
                {submitting ? (
                  <>
                    <Spinner className="size-5" />
                    Processing…
                  </>
                ) : (
                  payLabel(checkout)
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
                {sync.isPricingPending ? "Updating your total…" : `Sold by ${checkout.organization.name}.`}
              </p>
            </div>
          </form>
        </section>
      </main>
    </div>
  );
}
