import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  generateSecret,
  secretKey,
  signatureHeader,
  signingSecrets,
  sealSecret,
  sealPreviousSecret,
} from "./secrets";

describe("webhook secrets", () => {
  it("generates whsec_ + base64 of 32 random bytes, different each time", () => {
    const a = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKey(a)).toHaveLength(32);
    expect(generateSecret()).not.toBe(a);
  });

  it("accepts 24 to 64 bytes of canonical base64 after whsec_ only", () => {
    const of = (bytes: number) => `whsec_${randomBytes(bytes).toString("base64")}`;
    expect(secretKey(of(24))).toHaveLength(24);
    expect(secretKey(of(64))).toHaveLength(64);
    for (const bad of [
      of(23),
      of(65),
      of(32).replace("whsec_", "whsec"),
      of(32).replace("whsec_", ""),
      `whsec_${randomBytes(32).toString("base64url")}-_`,
      `whsec_${randomBytes(32).toString("base64").replace(/=+$/, "")}`,
      "whsec_",
      `whsec_ ${randomBytes(32).toString("base64")}`,
    ])
      expect(secretKey(bad), bad).toBeNull();
  });

  it("signs like the standardwebhooks package", () => {
    const secret = generateSecret();
    const body = JSON.stringify({
      type: "order.paid",
      timestamp: "2030-01-01T00:00:00.000Z",
      data: { é: 1 },
    });
    const at = new Date();
    const seconds = Math.floor(at.getTime() / 1000);
    const header = signatureHeader([secret], "evt-1", seconds, body);
    expect(header).toBe(new Webhook(secret).sign("evt-1", at, body));
    expect(
      new Webhook(secret).verify(body, {
        "webhook-id": "evt-1",
        "webhook-timestamp": String(seconds),
        "webhook-signature": header,
      }),
    ).toEqual(JSON.parse(body));
  });

  it("signs with the previous secret too until it expires", () => {
    const id = "9a8b7c6d-0000-4000-8000-000000000001";
    const [current, previous] = [generateSecret(), generateSecret()];
    const endpoint = {
      id,
      secret_sealed: sealSecret(id, current),
      previous_secret_sealed: sealPreviousSecret(id, previous),
      previous_secret_expires_at: new Date("2030-01-02T00:00:00.000Z"),
    };
    expect(signingSecrets(endpoint, new Date("2030-01-01T23:59:59.999Z"))).toEqual([current, previous]);
    expect(signingSecrets(endpoint, new Date("2030-01-02T00:00:00.000Z"))).toEqual([current]);
    // Sealed for its own column: the previous secret's ciphertext does not open as the current one.
    expect(() =>
      signingSecrets({ ...endpoint, secret_sealed: endpoint.previous_secret_sealed }, new Date()),
    ).toThrow();
  });
});
