import { describe, expect, it } from "vitest";
import { certificateTtlDays, checkSettings, ConfigError } from "./config";

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
