"use client";
// What the buyer typed before the page hydrated, from the inputs as read at hydration
// (./early-pay.ts snapshotInputs), as changes to the form's state. Read synchronously at
// hydration: a lazily loaded reader compared the snapshot with a state the buyer had typed into
// meanwhile, and put the empty inputs of hydration time back (caught by CI's browser tests).
import type { CheckoutView } from "./api";
import type { CardInput } from "@/lib/checkout/card";
import type { InputSnapshot } from "./early-pay";
import { fieldId, type FormValues, type SyncGroup } from "./form-state";

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

/**
 * What the inputs hold where it differs from the form's state: the new values, and the groups to
 * send (pricing: the groups that can move the total).
 */
export function readTypedValues(
  snapshot: InputSnapshot,
  checkout: CheckoutView,
  values: FormValues,
): { values: FormValues; groups: Set<SyncGroup>; pricing: boolean } | null {
  const next: FormValues = { ...values, answers: { ...values.answers } };
  const groups = new Set<SyncGroup>();
  let pricing = false;
  for (const [name, key, group] of TEXT_FIELDS) {
    const typed = snapshot[fieldId(key)];
    if (typeof typed !== "string" || typed === values[name]) continue;
    next[name] = typed;
    groups.add(group);
    if (name === "country" || name === "state" || name === "amount") pricing = true;
  }
  for (const { custom_field: field } of checkout.attached_custom_fields) {
    const typed = snapshot[fieldId(`custom_field_data.${field.slug}`)];
    if (typed === undefined) continue;
    const current = values.answers[field.slug] ?? (typeof typed === "boolean" ? false : "");
    if (typed === current) continue;
    next.answers[field.slug] = typed;
    groups.add("custom_field_data");
  }
  if (!groups.size) return null;
  return { values: next, groups, pricing };
}

export const EMPTY_CARD: CardInput = { number: "", expiry: "", cvc: "" };

/** The test card form's part (./test-card-form.tsx): the card as typed, where it differs; else null. */
export function readTypedCard(snapshot: InputSnapshot, card: CardInput): CardInput | null {
  const next = { ...card };
  let changed = false;
  for (const part of ["number", "expiry", "cvc"] as const) {
    const typed = snapshot[fieldId(`card.${part}`)];
    if (typeof typed !== "string" || typed === card[part]) continue;
    next[part] = typed;
    changed = true;
  }
  return changed ? next : null;
}
