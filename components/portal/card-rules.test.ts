// The portal's card form: the checkout's checks as field errors, the test cards as their tokens,
// and what the buyer hears after saving a card.
import { describe, expect, it } from "vitest";
import { cardFieldError, cardSubmission, paymentMethodOutcome } from "./card-rules";

const now = new Date("2026-11-24T10:00:00Z");

describe("cardSubmission", () => {
  it("maps the test cards to the test processor's tokens", () => {
    expect(cardSubmission({ number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" }, now)).toEqual({
      token: "tok_visa",
    });
    expect(cardSubmission({ number: "4000 0000 0000 0002", expiry: "12/34", cvc: "123" }, now)).toEqual({
      token: "tok_chargeDeclined",
    });
  });

  it("reports each bad field under the key CardFields shows it by", () => {
    const result = cardSubmission({ number: "4242 4242 4242 4241", expiry: "01/20", cvc: "" }, now);
    expect(result).toEqual({
      errors: {
        "card.number": expect.any(String),
        "card.expiry": expect.any(String),
        "card.cvc": expect.any(String),
      },
    });
  });
});

describe("cardFieldError", () => {
  it("says nothing about an empty field, and the problem of a filled one", () => {
    const card = { number: "", expiry: "13/30", cvc: "" };
    expect(cardFieldError(card, "number", now)).toBeNull();
    expect(cardFieldError(card, "expiry", now)).toEqual(expect.any(String));
  });
});

describe("paymentMethodOutcome", () => {
  it("tells a recovered subscription that the payment went through", () => {
    expect(paymentMethodOutcome("past_due", "active")).toMatch(/payment went through/);
    expect(paymentMethodOutcome("past_due", "past_due")).toMatch(/not gone through/);
    expect(paymentMethodOutcome("active", "active")).toMatch(/next charge/);
  });
});
