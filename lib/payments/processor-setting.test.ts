// PAYMENT_PROCESSOR is checked at start-up (lib/boot.ts): an unknown name used to boot and then
// fail every Pay with 409 after the buyer had typed everything.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { checkPaymentProcessorSetting, defaultPaymentProcessorName } from "./index";

describe("PAYMENT_PROCESSOR", () => {
  it("is the test processor when unset or blank", () => {
    for (const env of [{}, { PAYMENT_PROCESSOR: "" }, { PAYMENT_PROCESSOR: "  " }]) {
      expect(defaultPaymentProcessorName(env)).toBe("test");
      expect(() => checkPaymentProcessorSetting(env)).not.toThrow();
    }
    expect(() => checkPaymentProcessorSetting({ PAYMENT_PROCESSOR: " test " })).not.toThrow();
  });

  it("refuses a processor this server does not have, naming the ones it has", () => {
    for (const value of ["stripe", "Test", "paypal", "x".repeat(200)]) {
      const check = () => checkPaymentProcessorSetting({ PAYMENT_PROCESSOR: value });
      expect(check, value).toThrow(ConfigError);
      expect(check, value).toThrow(
        `PAYMENT_PROCESSOR names no payment processor this server has (got ${JSON.stringify(value.slice(0, 40))}); ` +
          'the processors it has: test. Unset, it is "test".',
      );
    }
  });
});
