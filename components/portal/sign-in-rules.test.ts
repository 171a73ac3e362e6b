// The sign-in form's rules: codes as typed or pasted, the email check, the resend cooldown and
// what each failure says (wrong or expired code, too many attempts, no network).
import { describe, expect, it } from "vitest";
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import { translator } from "@/lib/i18n/translate";
import {
  RESEND_COOLDOWN_SECONDS,
  codeErrorMessage,
  codesAlreadySent,
  codesAlreadySentMessage,
  emailError,
  isCompleteCode,
  normalizeCode,
  requestErrorMessage,
  resendSecondsLeft,
} from "./sign-in-rules";

describe("codes", () => {
  it("keeps six digits of whatever was typed or pasted", () => {
    expect(normalizeCode("123 456")).toBe("123456");
    expect(normalizeCode("Code: 123-456")).toBe("123456");
    expect(normalizeCode("12345678")).toBe("123456");
    expect(normalizeCode("abc")).toBe("");
  });

  it("is complete at exactly six digits", () => {
    expect(isCompleteCode("123456")).toBe(true);
    expect(isCompleteCode("12345")).toBe(false);
  });
});

describe("emailError", () => {
  it("asks for an address, then a plausible one", () => {
    expect(emailError("  ")).toBe("Enter your email address.");
    expect(emailError("jane")).toMatch(/valid email/);
    expect(emailError("jane@example")).toMatch(/valid email/);
    expect(emailError(`${"a".repeat(320)}@example.com`)).toMatch(/valid email/);
    expect(emailError(" jane@example.com ")).toBeNull();
  });
});

describe("resendSecondsLeft", () => {
  it("counts down the cooldown in whole seconds, then 0", () => {
    const sentAt = 1_000_000;
    expect(resendSecondsLeft(sentAt, sentAt)).toBe(RESEND_COOLDOWN_SECONDS);
    expect(resendSecondsLeft(sentAt, sentAt + 500)).toBe(RESEND_COOLDOWN_SECONDS);
    expect(resendSecondsLeft(sentAt, sentAt + 29_001)).toBe(1);
    expect(resendSecondsLeft(sentAt, sentAt + RESEND_COOLDOWN_SECONDS * 1000)).toBe(0);
    expect(resendSecondsLeft(sentAt, sentAt + 999_999)).toBe(0);
  });
});

describe("messages", () => {
  const unauthorized = new ApiRequestError(401, "Unauthorized", "Invalid or expired code.");
  const tooMany = new ApiRequestError(429, "TooManyRequests", "Too many requests.");
  const offline = new ApiRequestError(0, NETWORK_ERROR, "We couldn't reach the server.");

  it("says a wrong, expired or used code is wrong or expired, and how to get another", () => {
    expect(codeErrorMessage(unauthorized)).toBe(
      "That code is wrong or has expired. Check the latest email, or send a new code.",
    );
  });

  it("asks to wait after too many attempts, for codes and for sending", () => {
    expect(codeErrorMessage(tooMany)).toMatch(/^Too many attempts\. Please wait/);
    expect(requestErrorMessage(tooMany)).toMatch(/^Too many attempts\. Please wait/);
  });

  it("takes a refused request for a code on to the code step: the codes sent stay valid", () => {
    expect(codesAlreadySent(tooMany)).toBe(true);
    expect(codesAlreadySent(offline)).toBe(false);
    expect(codesAlreadySent(new ApiRequestError(422, "RequestValidationError", "x"))).toBe(false);
    expect(codesAlreadySentMessage("jane@example.com")).toBe(
      "Codes were sent to jane@example.com a short while ago. Enter the newest one, or ask again in a few minutes.",
    );
  });

  it("passes the network failure on, and never shows a raw non-API error", () => {
    expect(requestErrorMessage(offline)).toBe("We couldn't reach the server.");
    expect(codeErrorMessage(new TypeError("x is undefined"))).toBe("Something went wrong. Please try again.");
  });

  it("explains bad input", () => {
    expect(requestErrorMessage(new ApiRequestError(422, "RequestValidationError", "bad"))).toMatch(
      /valid email/,
    );
    expect(codeErrorMessage(new ApiRequestError(422, "RequestValidationError", "bad"))).toBe(
      "Enter the 6-digit code from the email.",
    );
  });
});

describe("the sign-in form's problems in the buyer's language", () => {
  it("are written in German with a German translator", () => {
    const de = translator("de");
    expect(emailError("  ", de)).toBe("Geben Sie Ihre E-Mail-Adresse ein.");
    expect(codeErrorMessage(new ApiRequestError(401, "Unauthorized", "x"), de)).toMatch(
      /^Der Code ist falsch/,
    );
    expect(codeErrorMessage(new ApiRequestError(422, "RequestValidationError", "bad"), de)).toBe(
      "Geben Sie den 6-stelligen Code aus der E-Mail ein.",
    );
    expect(codesAlreadySentMessage("jane@example.com", de)).toContain("jane@example.com");
  });
});
