// The saved card as a person recognizes it (brand and last four digits), from a payment method's
// ref: shown in the customer portal and on the merchant's order page.
import { TEST_CARDS } from "./test-processor";

const TEST_METHOD_PREFIX = "pm_test_";
const CARD_BY_TEST_TOKEN = new Map(Object.entries(TEST_CARDS).map(([number, token]) => [token, number]));

export type CardDescription = { brand: string | null; last4: string | null };

/**
 * The test processor's refs name the token that made them (`pm_test_tok_visa`), hence its test card
 * (Visa, 4242); another processor's ref says nothing readable here (brand and last4 null). No ref:
 * no payment method (null).
 */
export function describePaymentMethodRef(ref: string | null | undefined): CardDescription | null {
  if (!ref) return null;
  const number = ref.startsWith(TEST_METHOD_PREFIX)
    ? CARD_BY_TEST_TOKEN.get(ref.slice(TEST_METHOD_PREFIX.length))
    : undefined;
  return number ? { brand: "visa", last4: number.slice(-4) } : { brand: null, last4: null };
}
