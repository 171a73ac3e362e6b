// Stripe's test card numbers and how each behaves in the fake (docs/testing-stripe.md, "Test cards").
import { createHash } from "node:crypto";
import type Stripe from "stripe";

export type Decline = {
  code: "card_declined" | "incorrect_number";
  declineCode: string;
  message: string;
  outcomeType: "issuer_declined" | "blocked" | "invalid";
  reason: string;
};

export type TestCard = {
  brand: "visa" | "mastercard" | "amex" | "unknown";
  last4: string;
  fingerprint: string;
  /** On session: "required" asks for 3-D Secure every time; "never" does not (unless the intent asks for it). */
  onSessionAuthentication: "required" | "never";
  /** Off session on a saved card: "authentication_required" declines, "none" charges. */
  offSession: "authentication_required" | "none";
  decline: Decline | null;
  riskLevel: "normal" | "elevated" | "highest";
};

const GENERIC_DECLINE: Decline = {
  code: "card_declined",
  declineCode: "generic_decline",
  message: "Your card was declined.",
  outcomeType: "issuer_declined",
  reason: "generic_decline",
};

type Behaviour = Omit<TestCard, "brand" | "last4" | "fingerprint">;
const PLAIN: Behaviour = {
  onSessionAuthentication: "never",
  offSession: "none",
  decline: null,
  riskLevel: "normal",
};

const BEHAVIOURS: Record<string, Behaviour> = {
  "4242424242424242": PLAIN,
  "4000000000000002": { ...PLAIN, decline: GENERIC_DECLINE },
  "4000000000009995": {
    ...PLAIN,
    decline: {
      ...GENERIC_DECLINE,
      declineCode: "insufficient_funds",
      message: "Your card has insufficient funds.",
      reason: "insufficient_funds",
    },
  },
  // Authentication on session; a card saved after authenticating is charged off session.
  "4000002500003155": { ...PLAIN, onSessionAuthentication: "required" },
  // 3-D Secure 2 every time: on session it asks, off session it declines.
  "4000000000003220": {
    ...PLAIN,
    onSessionAuthentication: "required",
    offSession: "authentication_required",
  },
  // Authentication on every payment, saved or not: off session it declines.
  "4000002760003184": {
    ...PLAIN,
    onSessionAuthentication: "required",
    offSession: "authentication_required",
  },
  "4100000000000019": {
    ...PLAIN,
    riskLevel: "highest",
    decline: {
      code: "card_declined",
      declineCode: "fraudulent",
      message: "Your card was declined.",
      outcomeType: "blocked",
      reason: "highest_risk_level",
    },
  },
  // Succeeds; the test then opens a dispute with createDispute().
  "4000000000000259": PLAIN,
  "4000000000004954": { ...PLAIN, riskLevel: "elevated" },
};

/** The behaviour of a card number; unknown numbers that pass the Luhn check behave like 4242…. */
export function testCard(number: string): TestCard | null {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return null;
  return {
    ...(BEHAVIOURS[digits] ?? PLAIN),
    brand: brandOf(digits),
    last4: digits.slice(-4),
    fingerprint: fingerprintOf(digits),
  };
}

/** Stable for a number, like Stripe's per-account card fingerprint. */
export function fingerprintOf(number: string): string {
  return createHash("sha256").update(`stripe-fake-card:${number}`).digest("base64url").slice(0, 16);
}

function brandOf(number: string): TestCard["brand"] {
  if (number.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  return "unknown";
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardExpiry = { expMonth: number; expYear: number };

/** The card as a PaymentMethod (and a ConfirmationToken's preview) shows it. */
export function paymentMethodCard(card: TestCard, expiry: CardExpiry): Stripe.PaymentMethod.Card {
  return {
    brand: card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
    country: "US",
    display_brand: card.brand,
    exp_month: expiry.expMonth,
    exp_year: expiry.expYear,
    fingerprint: card.fingerprint,
    funding: "credit",
    generated_from: null,
    last4: card.last4,
    networks: { available: [card.brand], preferred: null },
    regulated_status: "unregulated",
    three_d_secure_usage: { supported: true },
    wallet: null,
  } satisfies Stripe.PaymentMethod.Card;
}

/** The card as a Charge's payment_method_details shows it. */
export function chargeCardDetails(
  card: TestCard,
  expiry: CardExpiry,
  amount: number,
  authenticated: boolean,
): Stripe.Charge.PaymentMethodDetails.Card {
  return {
    amount_authorized: amount,
    authorization_code: null,
    brand: card.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
    country: "US",
    electronic_commerce_indicator: null,
    exp_month: expiry.expMonth,
    exp_year: expiry.expYear,
    fingerprint: card.fingerprint,
    funding: "credit",
    installments: null,
    last4: card.last4,
    mandate: null,
    network: card.brand,
    network_transaction_id: null,
    regulated_status: "unregulated",
    three_d_secure: authenticated
      ? {
          authentication_flow: "challenge",
          electronic_commerce_indicator: "05",
          exemption_indicator: null,
          result: "authenticated",
          result_reason: null,
          transaction_id: null,
          version: "2.2.0",
        }
      : null,
    transaction_link_id: null,
    wallet: null,
  } satisfies Stripe.Charge.PaymentMethodDetails.Card;
}
