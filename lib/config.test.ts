import { describe, expect, it } from "vitest";
import {
  certificateTtlDays,
  checkoutRetentionDays,
  checkSettings,
  ConfigError,
  dunningRetryDays,
  emailFromAddress,
  emailTransportSetting,
  preparedStatementsSetting,
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

describe("DUNNING_RETRY_DAYS", () => {
  it("is 1,3,5,7 unless set to increasing whole days from 1 to 60", () => {
    expect(dunningRetryDays({})).toEqual([1, 3, 5, 7]);
    expect(dunningRetryDays({ DUNNING_RETRY_DAYS: " " })).toEqual([1, 3, 5, 7]);
    expect(dunningRetryDays({ DUNNING_RETRY_DAYS: "2" })).toEqual([2]);
    expect(dunningRetryDays({ DUNNING_RETRY_DAYS: " 1, 2 ,10,60" })).toEqual([1, 2, 10, 60]);
  });

  it("refuses anything else, at start-up too", () => {
    const bad = ["0", "61", "3,1", "1,1", "1,,3", "1.5", "-1", "a", "1;3", "1,2,3,4,5,6,7,8,9,10,11"];
    for (const value of bad) {
      const env = { DUNNING_RETRY_DAYS: value };
      expect(() => dunningRetryDays(env), value).toThrow(/^DUNNING_RETRY_DAYS must be up to 10 increasing/);
      expect(() => checkSettings(env), value).toThrow(ConfigError);
    }
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

describe("DATABASE_PREPARED_STATEMENTS", () => {
  it("is on unless set to false; anything but true or false is refused at start-up", () => {
    expect(preparedStatementsSetting({})).toBe(true);
    expect(preparedStatementsSetting({ DATABASE_PREPARED_STATEMENTS: "true" })).toBe(true);
    expect(preparedStatementsSetting({ DATABASE_PREPARED_STATEMENTS: " false " })).toBe(false);
    for (const value of ["0", "no", "FALSE", "off"]) {
      const env = { DATABASE_PREPARED_STATEMENTS: value };
      expect(() => preparedStatementsSetting(env), value).toThrow(
        /^DATABASE_PREPARED_STATEMENTS must be true or false/,
      );
      expect(() => checkSettings(env), value).toThrow(ConfigError);
    }
  });
});

describe("CHECKOUT_RETENTION_DAYS", () => {
  it("is 30 days unless set to a whole number of days from 1 to 3650", () => {
    expect(checkoutRetentionDays({})).toBe(30);
    expect(checkoutRetentionDays({ CHECKOUT_RETENTION_DAYS: " " })).toBe(30);
    expect(checkoutRetentionDays({ CHECKOUT_RETENTION_DAYS: "1" })).toBe(1);
    expect(checkoutRetentionDays({ CHECKOUT_RETENTION_DAYS: " 3650 " })).toBe(3650);
  });

  it("refuses anything else with a message naming the setting, at start-up too", () => {
    for (const value of ["0", "3651", "-1", "7.5", "1e3", "thirty"]) {
      const env = { CHECKOUT_RETENTION_DAYS: value };
      expect(() => checkoutRetentionDays(env), value).toThrow(
        /^CHECKOUT_RETENTION_DAYS must be a whole number of days from 1 to 3650/,
      );
      expect(() => checkSettings(env), value).toThrow(ConfigError);
    }
  });
});
