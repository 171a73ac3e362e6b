import { describe, expect, it } from "vitest";
import { displayKey, generateLicenseKey, issuedPrefix, licenseKeyExpiry } from "./license-key-format";

const UUID = "[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}";

describe("license key format", () => {
  it("is PREFIX-UUID uppercase, or the bare UUID", () => {
    expect(generateLicenseKey("acme")).toMatch(new RegExp(`^ACME-${UUID}$`));
    expect(generateLicenseKey(null)).toMatch(new RegExp(`^${UUID}$`));
    expect(generateLicenseKey("  ")).toMatch(new RegExp(`^${UUID}$`));
    expect(new Set(Array.from({ length: 1000 }, () => generateLicenseKey())).size).toBe(1000);
  });

  it("finds the prefix a key was issued with", () => {
    const uuid = "8D7C4C5E-2B1A-4C3D-9E8F-0A1B2C3D4E5F";
    expect(issuedPrefix(`ACME-${uuid}`)).toBe("ACME");
    expect(issuedPrefix(`MY-APP-${uuid}`)).toBe("MY-APP");
    expect(issuedPrefix(uuid)).toBeNull();
    expect(issuedPrefix(generateLicenseKey("pro"))).toBe("PRO");
    expect(issuedPrefix("ACME-MADE-BY-HAND-0000-AB12")).toBeUndefined();
    expect(issuedPrefix(`ACME${uuid}`)).toBeUndefined();
  });

  it("displays the last 6 characters", () => {
    expect(displayKey("ACME-8D7C4C5E-2B1A-4C3D-9E8F-0A1B2C3D4E5F")).toBe("****-3D4E5F");
  });

  it("expires after the benefit's ttl, or never", () => {
    const issued = new Date("2025-01-31T10:00:00.000Z");
    expect(licenseKeyExpiry({ expires: { ttl: 10, timeframe: "day" } }, issued)?.toISOString()).toBe(
      "2025-02-10T10:00:00.000Z",
    );
    expect(licenseKeyExpiry({ expires: { ttl: 1, timeframe: "year" } }, issued)?.toISOString()).toBe(
      "2026-01-31T10:00:00.000Z",
    );
    expect(licenseKeyExpiry({ expires: { ttl: 2, timeframe: "month" } }, issued)?.toISOString()).toBe(
      "2025-03-31T10:00:00.000Z",
    );
    expect(licenseKeyExpiry({}, issued)).toBeNull();
  });
});
