import { describe, expect, it } from "vitest";
import {
  certificateTtlDays,
  checkSettings,
  ConfigError,
  emailFromAddress,
  emailTransportSetting,
} from "./config";

describe("CERTIFICATE_TTL_DAYS", () => {
  it("is 30 days unless set to a whole number of days from 1 to 3650", () => {
    expect(certificateTtlDays({})).toBe(30);
    expect(certificateTtlDays({ CERTIFICATE_TTL_DAYS: "" })).toBe(30);
    expect(certificateTtlDays({ CERTIFICATE_TTL_DAYS: "1" })).toBe(1);
    expect(certificateTtlDays({ CERTIFICATE_TTL_DAYS: " 3650 " })).toBe(3650);
  });

  it("refuses anything else with a message naming the setting, at start-up too", () => {
    for (const value of ["0", "3651", "-1", "7.5", "1e3", "thirty", "0x10", "99999999"]) {
      const env = { CERTIFICATE_TTL_DAYS: value };
      expect(() => certificateTtlDays(env), value).toThrow(ConfigError);
      expect(() => certificateTtlDays(env), value).toThrow(
        /^CERTIFICATE_TTL_DAYS must be a whole number of days from 1 to 3650/,
      );
      expect(() => checkSettings(env), value).toThrow(ConfigError);
    }
    expect(() => checkSettings({})).not.toThrow();
  });
});

describe("SMTP_URL and EMAIL_FROM", () => {
  it("uses SMTP for an smtp:// or smtps:// URL, the embedded transport when unset", () => {
    expect(emailTransportSetting({})).toEqual({ kind: "embedded" });
    expect(emailTransportSetting({ SMTP_URL: " " })).toEqual({ kind: "embedded" });
    const url = "smtp://user:pa%40ss@mail.example.com:587";
    expect(emailTransportSetting({ SMTP_URL: url })).toEqual({ kind: "smtp", url });
    expect(emailTransportSetting({ SMTP_URL: "smtps://mail.example.com" })).toMatchObject({ kind: "smtp" });
  });

  it("refuses anything else at start-up, without repeating the URL (it may hold a password)", () => {
    const cases = {
      "mail.example.com:587": /the value is not a URL|its scheme is/,
      "http://user:secret-pw@mail.example.com": /its scheme is "http:"/,
      "smtp://": /the value is not a URL|names no host/,
      "not a url with secret-pw": /the value is not a URL/,
    };
    for (const [value, problem] of Object.entries(cases)) {
      const env = { SMTP_URL: value };
      expect(() => emailTransportSetting(env), value).toThrow(ConfigError);
      expect(() => emailTransportSetting(env), value).toThrow(problem);
      expect(() => checkSettings(env), value).toThrow(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      try {
        emailTransportSetting(env);
      } catch (error) {
        expect((error as Error).message).not.toContain("secret-pw");
      }
    }
  });

  it("sends from EMAIL_FROM, by default no-reply@ the public host", () => {
    expect(emailFromAddress({})).toBe("no-reply@localhost");
    expect(emailFromAddress({ PUBLIC_BASE_URL: "https://shop.example.com/base" })).toBe(
      "no-reply@shop.example.com",
    );
    expect(emailFromAddress({ PUBLIC_BASE_URL: "http://10.0.0.5:3000" })).toBe("no-reply@localhost");
    expect(emailFromAddress({ EMAIL_FROM: " receipts@example.com " })).toBe("receipts@example.com");
    for (const value of [
      "Shop <receipts@example.com>",
      "receipts",
      "a b@example.com",
      `${"x".repeat(250)}@e.com`,
    ]) {
      expect(() => emailFromAddress({ EMAIL_FROM: value }), value).toThrow(
        /^EMAIL_FROM must be a bare email/,
      );
      expect(() => checkSettings({ EMAIL_FROM: value }), value).toThrow(ConfigError);
    }
  });
});
