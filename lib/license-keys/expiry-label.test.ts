// A key's life in words (./expiry-label.ts): a subscription's key never says "Never expires".
import { describe, expect, it } from "vitest";
import { keyExpiryLabel, type KeySubscription } from "./expiry-label";

const day = (iso: string) => iso.slice(0, 10);
const running: KeySubscription = {
  status: "active",
  current_period_end: "2026-02-15T10:00:00.000Z",
  cancel_at_period_end: false,
  ends_at: null,
  ended_at: null,
};

describe("keyExpiryLabel", () => {
  it("a dated key: its date, subscription or not", () => {
    expect(keyExpiryLabel({ expires_at: "2027-11-24T00:00:00.000Z" }, null, day)).toBe(
      "Valid until 2027-11-24",
    );
    expect(keyExpiryLabel({ expires_at: "2027-11-24T00:00:00.000Z" }, running, day)).toBe(
      "Valid until 2027-11-24",
    );
  });

  it("a one-time purchase's undated key never expires", () => {
    expect(keyExpiryLabel({ expires_at: null }, null, day)).toBe("Never expires");
  });

  it("a subscription's key follows the subscription: renewing, ending, ended", () => {
    expect(keyExpiryLabel({ expires_at: null }, running, day)).toBe(
      "Expires when the subscription ends (renews on 2026-02-15)",
    );
    expect(keyExpiryLabel({ expires_at: null }, { ...running, cancel_at_period_end: true }, day)).toBe(
      "Expires when the subscription ends, on 2026-02-15",
    );
    expect(
      keyExpiryLabel(
        { expires_at: null },
        { ...running, status: "canceled", ended_at: "2026-02-15T10:00:00.000Z" },
        day,
      ),
    ).toBe("Ended with the subscription on 2026-02-15");
    expect(keyExpiryLabel({ expires_at: null }, { ...running, current_period_end: null }, day)).toBe(
      "Expires when the subscription ends",
    );
  });
});
