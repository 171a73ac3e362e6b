// The order page's payment lines: the processor's risk evaluation in words.
import { describe, expect, it } from "vitest";
import { riskLabel } from "./order-activity";

describe("riskLabel", () => {
  it("says the risk level and the outcome, or nothing when the processor said nothing", () => {
    expect(riskLabel({ risk_level: "elevated", risk_outcome: "authorized" })).toBe(
      "Risk: elevated (authorized)",
    );
    expect(riskLabel({ risk_level: "highest", risk_outcome: "issuer_declined" })).toBe(
      "Risk: highest (issuer declined)",
    );
    expect(riskLabel({ risk_level: "normal", risk_outcome: null })).toBe("Risk: normal");
    expect(riskLabel({ risk_level: null, risk_outcome: "authorized" })).toBeNull();
  });
});
