"use client";
// The page's side of ./early-pay-script.ts: once React has hydrated, what the buyer typed before
// (React keeps it in the inputs but not in the form's state, and its next render would put the
// state back) is read from the inputs, and a Pay pressed before is taken over.
import type { CheckoutView } from "./api";
import type { CardInput } from "@/lib/checkout/card";
import { fieldId, type FormValues, type SyncGroup } from "./form-state";

type EarlyPayState = { ready: boolean; queued: boolean };

/** From now on the page handles Pay itself; true when Pay was pressed before (once). */
export function takeEarlyPay(form: HTMLFormElement | null): boolean {
  const state = (window as { __checkoutEarlyPay?: EarlyPayState }).__checkoutEarlyPay;
  form?.removeAttribute("data-pay-queued");
  if (!state) return false;
  state.ready = true;
  const queued = state.queued;
  state.queued = false;
  return queued;
}

const TEXT_FIELDS: [keyof Omit<FormValues, "answers">, string, SyncGroup][] = [
  ["email", "customer_email", "customer_email"],
  ["name", "customer_name", "customer_name"],
  ["country", "customer_billing_address.country", "customer_billing_address"],
  ["state", "customer_billing_address.state", "customer_billing_address"],
  ["line1", "customer_billing_address.line1", "customer_billing_address"],
  ["city", "customer_billing_address.city", "customer_billing_address"],
  ["postalCode", "customer_billing_address.postal_code", "customer_billing_address"],
  ["taxId", "customer_tax_id", "customer_tax_id"],
  ["amount", "amount", "amount"],
];

function control(key: string) {
  return document.getElementById(fieldId(key)) as HTMLInputElement | HTMLSelectElement | null;
}

/**
 * What the inputs hold where it differs from the form's state: the new values and card, and the
 * groups to send (pricing: the groups that can move the total).
 */
export function readTypedValues(
  checkout: CheckoutView,
  values: FormValues,
  card: CardInput,
): { values: FormValues; card: CardInput; groups: Set<SyncGroup>; pricing: boolean } | null {
  const next: FormValues = { ...values, answers: { ...values.answers } };
  const groups = new Set<SyncGroup>();
  let pricing = false;
  for (const [name, key, group] of TEXT_FIELDS) {
    const input = control(key);
    if (!input || input.value === values[name]) continue;
    next[name] = input.value;
    groups.add(group);
    if (name === "country" || name === "state" || name === "amount") pricing = true;
  }
  for (const { custom_field: field } of checkout.attached_custom_fields) {
    const input = control(`custom_field_data.${field.slug}`);
    if (!input) continue;
    const typed =
      input instanceof HTMLInputElement && input.type === "checkbox" ? input.checked : input.value;
    const current = values.answers[field.slug] ?? (typeof typed === "boolean" ? false : "");
    if (typed === current) continue;
    next.answers[field.slug] = typed;
    groups.add("custom_field_data");
  }
  const nextCard = { ...card };
  let cardChanged = false;
  for (const part of ["number", "expiry", "cvc"] as const) {
    const input = control(`card.${part}`);
    if (!input || input.value === card[part]) continue;
    nextCard[part] = input.value;
    cardChanged = true;
  }
  if (!groups.size && !cardChanged) return null;
  return { values: next, card: nextCard, groups, pricing };
}
