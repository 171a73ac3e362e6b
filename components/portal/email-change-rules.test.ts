// The email change's rules: the link's token read from the fragment, and what each refusal says.
import { describe, expect, it } from "vitest";
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import {
  EMAIL_UPDATE_FRAGMENT_PARAM as SENT_PARAM,
  emailUpdateUrl,
} from "@/lib/customer-portal/email-update";
import {
  EMAIL_UPDATE_FRAGMENT_PARAM,
  emailUpdateTokenFromHash,
  requestLinkErrorMessage,
  verifyLinkErrorMessage,
} from "./email-change-rules";

const TOKEN = `ceu_${"a".repeat(43)}`;

describe("the emailed link's token", () => {
  it("is read from the link the server sends", () => {
    expect(EMAIL_UPDATE_FRAGMENT_PARAM).toBe(SENT_PARAM);
    const link = new URL(emailUpdateUrl("acme", TOKEN));
    expect(link.search).toBe("");
    expect(emailUpdateTokenFromHash(link.hash)).toBe(TOKEN);
  });

  it("is read from the fragment, and only there", () => {
    expect(emailUpdateTokenFromHash(`#email_update_token=${TOKEN}`)).toBe(TOKEN);
    expect(emailUpdateTokenFromHash(`#x=1&email_update_token=${TOKEN}`)).toBe(TOKEN);
    expect(emailUpdateTokenFromHash("")).toBeNull();
    expect(emailUpdateTokenFromHash("#token=abc")).toBeNull();
    expect(emailUpdateTokenFromHash(`#email_update_token=${"x".repeat(129)}`)).toBeNull();
  });
});

describe("what a refusal says", () => {
  const problem = (msg: string) => [{ type: "value_error", loc: ["body", "email"], msg, input: null }];

  it("asking: the buyer's own address, a bad one, too many requests, no network", () => {
    const own = new ApiRequestError(
      422,
      "RequestValidationError",
      "x",
      problem("This is already your email address."),
    );
    expect(requestLinkErrorMessage(own)).toBe("This is already your email address.");
    const bad = new ApiRequestError(
      422,
      "RequestValidationError",
      "x",
      problem("value is not a valid email"),
    );
    expect(requestLinkErrorMessage(bad)).toBe("Enter a valid email address, like jane@example.com.");
    expect(requestLinkErrorMessage(new ApiRequestError(429, "RateLimitExceeded", "x"))).toMatch(
      /^Too many requests/,
    );
    expect(requestLinkErrorMessage(new ApiRequestError(0, NETWORK_ERROR, "You're offline."))).toBe(
      "You're offline.",
    );
  });

  it("verifying: a dead link and a taken address", () => {
    expect(verifyLinkErrorMessage(new ApiRequestError(401, "Unauthorized", "x"))).toMatch(
      /invalid or has expired/,
    );
    expect(verifyLinkErrorMessage(new ApiRequestError(422, "RequestValidationError", "x"))).toMatch(
      /already used by another account/,
    );
    expect(verifyLinkErrorMessage(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});
