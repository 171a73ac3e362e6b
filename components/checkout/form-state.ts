// The buyer's form as plain data: the inputs (local state is their source of truth; the server's
// answers only bring amounts), the request bodies built from them, the checks confirm would make,
// and the contract's 422 problems turned into messages next to their fields.
import { MAX_CUSTOM_AMOUNT, MIN_CUSTOM_AMOUNT } from "@/lib/checkout/amounts";
import type { validateCustomFieldData } from "@/lib/checkout/custom-fields";
import type { CheckoutView, ConfirmCheckoutBody, Problem, UpdateCheckoutBody } from "./api";
import { hasSubdivisions } from "./subdivision-countries";
import { moneyInputValue, parseMoney } from "@/lib/money";
import type { MessageKey } from "@/lib/i18n/catalog";
import type { Translator } from "@/lib/i18n/translator";

export type Answer = string | boolean;

export type FormValues = {
  email: string;
  name: string;
  country: string;
  state: string;
  line1: string;
  city: string;
  postalCode: string;
  taxId: string;
  /** Pay what you want, as typed ("15.00"). */
  amount: string;
  /** Custom field answers by slug: text for every type but checkbox. */
  answers: Record<string, Answer>;
};

/** The parts of the session a debounced PATCH sends, one per top-level body field. */
export type SyncGroup =
  | "customer_email"
  | "customer_name"
  | "customer_billing_address"
  | "customer_tax_id"
  | "custom_field_data"
  | "amount";

/** Messages by field key: the 422 `loc` without "body", joined by dots ("custom_field_data.company"). */
export type FieldErrors = Record<string, string>;

type AttachedField = CheckoutView["attached_custom_fields"][number];
type Price = CheckoutView["product_price"];

export function fieldProps(field: AttachedField["custom_field"]) {
  const p = (field.properties ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
  const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : undefined);
  const options = Array.isArray(p.options)
    ? (p.options as { value?: unknown; label?: unknown }[])
        .filter((o) => typeof o?.value === "string")
        .map((o) => ({ value: o.value as string, label: str(o.label) ?? (o.value as string) }))
    : [];
  return {
    label: str(p.form_label) ?? field.name,
    help: str(p.form_help_text),
    placeholder: str(p.form_placeholder),
    textarea: p.textarea === true,
    minLength: int(p.min_length),
    maxLength: int(p.max_length),
    ge: int(p.ge),
    le: int(p.le),
    options,
  };
}

export function isCustomPrice(price: Price) {
  return price.amount_type === "custom";
}

/** The amounts a buyer may name, as the server checks them (lib/checkout/pricing.ts amountProblem). */
export function amountBounds(price: Price) {
  return {
    min: Math.max(MIN_CUSTOM_AMOUNT, price.minimum_amount ?? 0),
    max: Math.min(MAX_CUSTOM_AMOUNT, price.maximum_amount ?? MAX_CUSTOM_AMOUNT),
  };
}

export function initialValues(checkout: CheckoutView): FormValues {
  const address = checkout.customer_billing_address;
  const answers: Record<string, Answer> = {};
  for (const { custom_field: field } of checkout.attached_custom_fields) {
    const stored = checkout.custom_field_data[field.slug];
    answers[field.slug] =
      field.type === "checkbox"
        ? stored === true
        : stored === undefined || stored === null
          ? ""
          : String(stored);
  }
  const price = checkout.product_price;
  const amount = isCustomPrice(price) ? (checkout.amount ?? price.preset_amount ?? null) : null;
  return {
    email: checkout.customer_email ?? "",
    name: checkout.customer_name ?? "",
    country: address?.country ?? "",
    state: address?.state ?? "",
    line1: address?.line1 ?? "",
    city: address?.city ?? "",
    postalCode: address?.postal_code ?? "",
    taxId: checkout.customer_tax_id ?? "",
    amount: amount === null ? "" : moneyInputValue(amount, checkout.currency),
    answers,
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** Answers as the API takes them: integers for number fields, booleans for checkboxes, null when empty. */
export function customFieldData(checkout: CheckoutView, answers: Record<string, Answer>) {
  const data: Record<string, string | number | boolean | null> = {};
  for (const { custom_field: field } of checkout.attached_custom_fields) {
    const answer = answers[field.slug];
    if (field.type === "checkbox") data[field.slug] = answer === true;
    else if (typeof answer !== "string" || !answer.trim()) data[field.slug] = null;
    else if (field.type === "number" && /^-?\d+$/.test(answer.trim()))
      data[field.slug] = Number(answer.trim());
    else data[field.slug] = answer.trim();
  }
  return data;
}

export function billingAddress(values: FormValues) {
  if (!values.country) return null;
  return {
    country: values.country,
    state: hasSubdivisions(values.country) ? orNull(values.state) : null,
    line1: orNull(values.line1),
    line2: null,
    city: orNull(values.city),
    postal_code: orNull(values.postalCode),
  };
}

/** A PATCH body with the given parts of the form. */
export function buildUpdateBody(
  checkout: CheckoutView,
  values: FormValues,
  groups: Iterable<SyncGroup>,
): UpdateCheckoutBody {
  const body: UpdateCheckoutBody = {};
  for (const group of groups) {
    if (group === "customer_email") body.customer_email = orNull(values.email);
    if (group === "customer_name") body.customer_name = orNull(values.name);
    if (group === "customer_tax_id") body.customer_tax_id = orNull(values.taxId);
    if (group === "customer_billing_address") body.customer_billing_address = billingAddress(values);
    if (group === "custom_field_data") body.custom_field_data = customFieldData(checkout, values.answers);
    if (group === "amount" && isCustomPrice(checkout.product_price)) {
      const amount = parseMoney(values.amount, checkout.currency);
      if (amount !== null) body.amount = amount;
    }
  }
  return body;
}

const ALL_GROUPS: SyncGroup[] = [
  "customer_email",
  "customer_name",
  "customer_billing_address",
  "customer_tax_id",
  "custom_field_data",
  "amount",
];

/** Confirm carries the whole form, so nothing depends on a PATCH having landed. */
export function buildConfirmBody(
  checkout: CheckoutView,
  values: FormValues,
  confirmationTokenId: string | null,
): ConfirmCheckoutBody {
  const body: ConfirmCheckoutBody = buildUpdateBody(checkout, values, ALL_GROUPS);
  if (confirmationTokenId) body.confirmation_token_id = confirmationTokenId;
  return body;
}

const missing = (loc: (string | number)[]): Problem => ({
  type: "missing",
  loc: ["body", ...loc],
  msg: "Field required",
  input: null,
});

/**
 * The API's own check of custom field answers (lib/checkout/custom-fields.ts). Passed in by the
 * caller from what loadSchemas() brings (./schemas.ts), so it stays out of the page's first load.
 */
export type AnswersValidator = typeof validateCustomFieldData;

/** What the API's schema alone does not say but confirm requires (lib/checkout/confirm.ts), plus the state. */
export function requirementProblems(
  checkout: CheckoutView,
  values: FormValues,
  validateCustomFieldData: AnswersValidator,
): Problem[] {
  const problems: Problem[] = [];
  if (!values.email.trim()) problems.push(missing(["customer_email"]));
  if (checkout.is_payment_form_required) {
    if (!values.name.trim()) problems.push(missing(["customer_name"]));
    if (!values.country) problems.push(missing(["customer_billing_address", "country"]));
  }
  if (values.country && hasSubdivisions(values.country) && !values.state) {
    problems.push(missing(["customer_billing_address", "state"]));
  }
  problems.push(...amountProblems(checkout, values.amount));
  problems.push(
    ...validateCustomFieldData(checkout.attached_custom_fields, customFieldData(checkout, values.answers), {
      requireAnswers: true,
    }).problems,
  );
  return problems;
}

/** The buyer's amount checked as the server checks it, so the error shows while typing. */
export function amountProblems(checkout: CheckoutView, typed: string): Problem[] {
  const price = checkout.product_price;
  if (!isCustomPrice(price)) return [];
  const amount = parseMoney(typed, checkout.currency);
  const loc = ["body", "amount"];
  if (amount === null) return [{ type: typed.trim() ? "int_type" : "missing", loc, msg: "", input: typed }];
  const { min, max } = amountBounds(price);
  if (amount < min) return [{ type: "greater_than_equal", loc, msg: "", input: amount }];
  if (amount > max) return [{ type: "less_than_equal", loc, msg: "", input: amount }];
  return [];
}

/** Problems that stop a PATCH from carrying a part of the form, by group (the buyer is still typing). */
export function invalidGroups(
  checkout: CheckoutView,
  values: FormValues,
  problems: Problem[],
  validateCustomFieldData: AnswersValidator,
): Set<string> {
  const groups = new Set(problems.map((p) => String(p.loc[1])));
  if (amountProblems(checkout, values.amount).length) groups.add("amount");
  const answers = validateCustomFieldData(
    checkout.attached_custom_fields,
    customFieldData(checkout, values.answers),
  );
  if (answers.problems.length) groups.add("custom_field_data");
  return groups;
}

export function keyOf(loc: readonly (string | number)[]): string {
  return loc.slice(loc[0] === "body" ? 1 : 0).join(".");
}

/** The Pay button's element id: the focus goes there when the buyer has to look at the total again. */
export const PAY_BUTTON_ID = "pay-button";

/** The element id of a field, from its key. */
export function fieldId(key: string): string {
  return `field-${key.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

/** The fields' names in problem sentences, by field key (their catalog keys: lib/i18n/messages). */
const LABELS: Record<string, MessageKey> = {
  customer_email: "errors.label_email",
  customer_name: "errors.label_name",
  customer_tax_id: "errors.label_taxId",
  "customer_billing_address.country": "errors.label_country",
  "customer_billing_address.state": "errors.label_state",
  "customer_billing_address.postal_code": "errors.label_postalCode",
  "customer_billing_address.line1": "errors.label_address",
  "customer_billing_address.city": "errors.label_city",
  amount: "errors.label_amount",
  discount_code: "errors.label_discountCode",
};

/** A buyer-facing sentence for a problem at a field, in the page's language. */
export function messageFor(problem: Problem, checkout: CheckoutView, tr: Translator): string {
  const key = keyOf(problem.loc);
  const number = (fallback: number | undefined) =>
    tr.number(fallback ?? Number(/-?\d+/.exec(problem.msg)?.[0]));
  if (key === "amount") {
    const { min, max } = amountBounds(checkout.product_price);
    if (problem.type === "greater_than_equal")
      return tr.t("errors.amountAtLeast", { amount: tr.money(min, checkout.currency) });
    if (problem.type === "less_than_equal")
      return tr.t("errors.amountAtMost", { amount: tr.money(max, checkout.currency) });
    if (problem.type === "missing") return tr.t("errors.amountMissing");
    if (problem.type === "int_type") return tr.t("errors.amountInvalid");
    return problem.msg;
  }
  if (key.startsWith("custom_field_data.")) {
    const slug = key.slice("custom_field_data.".length);
    const attached = checkout.attached_custom_fields.find((f) => f.custom_field.slug === slug);
    const field = attached?.custom_field;
    const props = field ? fieldProps(field) : null;
    const label = props?.label ?? slug;
    switch (problem.type) {
      case "missing":
        return field?.type === "checkbox" ? tr.t("errors.checkBox") : tr.t("errors.required", { label });
      case "value_error":
        if (field?.type === "checkbox") return tr.t("errors.checkBox");
        return field?.type === "date" ? tr.t("errors.invalidDate") : problem.msg;
      case "string_too_short":
        return tr.t("errors.minLength", { count: number(props?.minLength) });
      case "string_too_long":
        return tr.t("errors.maxLength", { count: number(props?.maxLength) });
      case "greater_than_equal":
        return tr.t("errors.numberAtLeast", { number: number(props?.ge) });
      case "less_than_equal":
        return tr.t("errors.numberAtMost", { number: number(props?.le) });
      case "int_type":
        return tr.t("errors.wholeNumber");
      case "enum":
        return tr.t("errors.chooseOption");
      default:
        return problem.msg;
    }
  }
  if (problem.type === "missing") {
    if (key === "customer_email") return tr.t("errors.emailMissing");
    if (key === "customer_name") return tr.t("errors.nameMissing");
    if (key === "customer_billing_address.country") return tr.t("errors.countryMissing");
    if (key === "customer_billing_address.state") return tr.t("errors.stateMissing");
    if (key === "confirmation_token_id") return tr.t("errors.cardMissing");
    return tr.t("errors.required", { label: tr.t(LABELS[key] ?? "errors.label_field") });
  }
  if (key === "customer_email") return tr.t("errors.emailInvalid");
  if (problem.type === "string_too_long")
    return tr.t("errors.tooLong", { label: tr.t(LABELS[key] ?? "errors.label_field") });
  return problem.msg;
}

/** One message per field (the first problem wins), in the order the problems came. */
export function errorsFrom(
  problems: readonly Problem[],
  checkout: CheckoutView,
  tr: Translator,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const key = keyOf(problem.loc);
    errors[key] ??= messageFor(problem, checkout, tr);
  }
  return errors;
}
