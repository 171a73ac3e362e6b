// Pay pressed again after a lost answer resends the same Idempotency-Key (the server then answers
// with the first payment's outcome); after any definite answer, or with other details, a new one.
import { describe, expect, it } from "vitest";
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import { createConfirmKeys } from "./confirm-keys";

function keys() {
  let n = 0;
  return createConfirmKeys(() => `key-${++n}`);
}

const body = { customer_email: "a@example.com", confirmation_token_id: "tok_visa" };

describe("confirm keys", () => {
  it("resend the key of a confirm whose outcome is unknown, for the same details", () => {
    for (const lost of [
      new ApiRequestError(0, NETWORK_ERROR, "offline"),
      new ApiRequestError(500, "InternalServerError", "failed"),
      new ApiRequestError(409, "ConflictError", "in progress"),
      new TypeError("failed to fetch"),
    ]) {
      const k = keys();
      const first = k.keyFor(body);
      k.ended(first, body, lost);
      expect(k.keyFor({ ...body })).toBe(first);
      // Other details are another payment.
      expect(k.keyFor({ ...body, customer_email: "b@example.com" })).not.toBe(first);
    }
  });

  it("draw a new key after a definite answer", () => {
    for (const answer of [null, new ApiRequestError(400, "PaymentError", "declined")]) {
      const k = keys();
      const first = k.keyFor(body);
      k.ended(first, body, answer);
      expect(k.keyFor(body)).not.toBe(first);
    }
  });
});
