import { describe, expect, it } from "vitest";
import { TEST_CARDS, TEST_TOKENS } from "@/lib/payments/test-processor";
import {
  cardBrand,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isLuhnValid,
  parseExpiry,
  TEST_CARD_NUMBERS,
  testTokenForCard,
  validateCard,
} from "./card";

const NOW = new Date(2026, 10, 22); // 22 November 2026, local time

describe("card number", () => {
  it("formats in groups of four, Amex as 4-6-5, and drops non-digits", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42")).toBe("4242 4242 42");
    expect(formatCardNumber("4242 ")).toBe("4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("4".repeat(25)).replace(/ /g, "")).toHaveLength(19);
    expect(formatCardNumber("abc")).toBe("");
  });

  it("checks the Luhn digit", () => {
    expect(isLuhnValid("4242 4242 4242 4242")).toBe(true);
    expect(isLuhnValid("4000000000000002")).toBe(true);
    expect(isLuhnValid("4000000000009995")).toBe(true);
    expect(isLuhnValid("5555555555554444")).toBe(true);
    expect(isLuhnValid("378282246310005")).toBe(true);
    expect(isLuhnValid("4242424242424241")).toBe(false);
    expect(isLuhnValid("0000")).toBe(false);
    expect(isLuhnValid("")).toBe(false);
  });

  it("recognizes brands", () => {
    expect(cardBrand("4242")).toBe("visa");
    expect(cardBrand("5555 5555")).toBe("mastercard");
    expect(cardBrand("2223 0031")).toBe("mastercard");
    expect(cardBrand("3714")).toBe("amex");
    expect(cardBrand("6011")).toBe("discover");
    expect(cardBrand("9999")).toBe("unknown");
  });

  it("explains what is wrong", () => {
    expect(cardNumberError("")).toBe("Enter your card number.");
    expect(cardNumberError("4242 4242")).toBe("This card number is not valid.");
    expect(cardNumberError("4242 4242 4242 4241")).toBe("This card number is not valid.");
    expect(cardNumberError("4242 4242 4242 4242")).toBeNull();
  });
});

describe("expiry", () => {
  it("formats MM/YY as typed", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12/3");
    expect(formatExpiry("1230")).toBe("12/30");
    expect(formatExpiry("12/305")).toBe("12/30");
    expect(formatExpiry("12 / 30")).toBe("12/30");
  });

  it("parses two- and four-digit years and rejects bad months", () => {
    expect(parseExpiry("12/30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1 / 2031")).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("00/30")).toBeNull();
    expect(parseExpiry("1230")).toBeNull();
  });

  it("accepts a card through the end of its month and refuses expired or absurd dates", () => {
    expect(expiryError("11/26", NOW)).toBeNull();
    expect(expiryError("12/26", NOW)).toBeNull();
    expect(expiryError("10/26", NOW)).toBe("This card has expired.");
    expect(expiryError("01/60", NOW)).toBe("Enter a valid expiry year.");
    expect(expiryError("", NOW)).toBe("Enter the card's expiry date.");
    expect(expiryError("1", NOW)).toBe("Enter the expiry date as MM/YY.");
  });
});

describe("cvc", () => {
  it("has three digits, four for Amex", () => {
    expect(formatCvc("12a34", "4242")).toBe("123");
    expect(formatCvc("12a34", "3782")).toBe("1234");
    expect(cvcError("123", "4242")).toBeNull();
    expect(cvcError("12", "4242")).toBe("The security code has 3 digits.");
    expect(cvcError("123", "378282246310005")).toBe("The security code has 4 digits.");
    expect(cvcError("", "4242")).toBe("Enter the security code.");
  });
});

describe("validateCard", () => {
  it("reports every field at once, and nothing for a good card", () => {
    expect(validateCard({ number: "1234", expiry: "13/30", cvc: "" }, NOW)).toEqual({
      number: "This card number is not valid.",
      expiry: "Enter the expiry date as MM/YY.",
      cvc: "Enter the security code.",
    });
    expect(validateCard({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }, NOW)).toEqual({});
  });
});

describe("testTokenForCard", () => {
  it("maps the test processor's cards to their tokens, any other number to a success", () => {
    expect(testTokenForCard("4242 4242 4242 4242")).toBe(TEST_TOKENS.succeeds);
    expect(testTokenForCard("4000 0000 0000 0002")).toBe(TEST_TOKENS.declined);
    expect(testTokenForCard("4000 0000 0000 9995")).toBe(TEST_TOKENS.insufficientFunds);
    expect(testTokenForCard("5555 5555 5555 4444")).toBe(TEST_TOKENS.succeeds);
  });

  it("agrees with the processor's own table", () => {
    for (const [number, token] of Object.entries(TEST_CARDS)) expect(testTokenForCard(number)).toBe(token);
    expect(TEST_CARD_NUMBERS.sort()).toEqual(Object.keys(TEST_CARDS).sort());
  });
});
