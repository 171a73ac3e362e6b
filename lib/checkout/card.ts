// The hosted page's card form for the built-in test processor, as pure functions: formatting as the
// buyer types, Luhn / expiry / CVC checks, and the card number → test token mapping. Runs in the
// browser: the card number never leaves it, only the token does (docs/api.md §6).

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export type CardInput = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** The test processor's tokens for its test cards (lib/payments/test-processor.ts TEST_CARDS). */
const TEST_CARD_TOKENS: Readonly<Record<string, string>> = {
  "4242424242424242": "tok_visa",
  "4000000000000002": "tok_chargeDeclined",
  "4000000000009995": "tok_chargeDeclinedInsufficientFunds",
};
const DEFAULT_TEST_TOKEN = "tok_visa";

const MIN_DIGITS = 12;
const MAX_DIGITS = 19;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

export function cardBrand(number: string): CardBrand {
  const digits = digitsOnly(number);
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

/** Groups of four (Amex: 4-6-5), at most 19 digits; anything that is not a digit is dropped. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, MAX_DIGITS);
  if (cardBrand(digits) === "amex") {
    const amex = digits.slice(0, 15);
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The Luhn checksum every card number carries. */
export function isLuhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * "MM/YY" as the buyer types: a first digit above 1 is a month on its own ("4" → "04"), and the
 * slash appears only once the year starts, so deleting never fights the formatter.
 */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && digits > "1") digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Why the expiry is not usable (a card is valid through the last day of its month), or null. */
export function expiryError(value: string, now: Date): string | null {
  if (!value.trim()) return "Enter the card's expiry date.";
  const expiry = parseExpiry(value);
  if (!expiry) return "Enter the expiry date as MM/YY.";
  const current = now.getFullYear() * 12 + now.getMonth();
  const card = expiry.year * 12 + (expiry.month - 1);
  if (card < current) return "This card has expired.";
  if (card > current + 20 * 12) return "Enter a valid expiry year.";
  return null;
}

export function cvcLength(number: string): number {
  return cardBrand(number) === "amex" ? 4 : 3;
}

export function formatCvc(value: string, number: string): string {
  return digitsOnly(value).slice(0, cvcLength(number));
}

export function cardNumberError(number: string): string | null {
  const digits = digitsOnly(number);
  if (!digits) return "Enter your card number.";
  if (digits.length < MIN_DIGITS || !isLuhnValid(digits)) return "This card number is not valid.";
  return null;
}

export function cvcError(cvc: string, number: string): string | null {
  if (!cvc.trim()) return "Enter the security code.";
  const length = cvcLength(number);
  if (!new RegExp(`^\\d{${length}}$`).test(cvc.trim())) return `The security code has ${length} digits.`;
  return null;
}

/** Every problem with the card, by field; empty when it can be tokenized. */
export function validateCard(card: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const number = cardNumberError(card.number);
  if (number) errors.number = number;
  const expiry = expiryError(card.expiry, now);
  if (expiry) errors.expiry = expiry;
  const cvc = cvcError(card.cvc, card.number);
  if (cvc) errors.cvc = cvc;
  return errors;
}

/**
 * The test processor's token for a card number: its test cards map to their outcome, any other
 * valid number to a successful payment. Only call it for a number that passed validation.
 */
export function testTokenForCard(number: string): string {
  return TEST_CARD_TOKENS[digitsOnly(number)] ?? DEFAULT_TEST_TOKEN;
}

/** The test cards the hosted page advertises in test mode. */
export const TEST_CARD_NUMBERS = Object.keys(TEST_CARD_TOKENS);
