import { describe, expect, it } from "vitest";
import { instantFormatter, isTimeZone, timeZoneQuery } from "./time-zone";

describe("instantFormatter", () => {
  const summer = new Date("2025-07-01T12:00:00.250Z");
  const winter = new Date("2025-01-01T00:30:00.000Z");

  it("writes UTC as Date#toISOString does, whatever the zone's alias", () => {
    for (const zone of ["UTC", "utc", "Etc/UTC", "GMT"]) {
      expect(instantFormatter(zone)(summer)).toBe("2025-07-01T12:00:00.250Z");
    }
  });

  it("writes the wall clock with the zone's offset at that instant, summer time included", () => {
    expect(instantFormatter("Europe/Paris")(summer)).toBe("2025-07-01T14:00:00.250+02:00");
    expect(instantFormatter("Europe/Paris")(winter)).toBe("2025-01-01T01:30:00.000+01:00");
    expect(instantFormatter("America/New_York")(winter)).toBe("2024-12-31T19:30:00.000-05:00");
    expect(instantFormatter("Asia/Kolkata")(summer)).toBe("2025-07-01T17:30:00.250+05:30");
    expect(instantFormatter("Pacific/Chatham")(winter)).toBe("2025-01-01T14:15:00.000+13:45");
    // Every answer names the same instant again.
    for (const zone of ["Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"]) {
      for (const date of [summer, winter])
        expect(Date.parse(instantFormatter(zone)(date))).toBe(date.getTime());
    }
  });

  it("keeps the edges of the storable range readable: local mean time, year 0, year 10000", () => {
    // Paris mean time until 1911.
    expect(instantFormatter("Europe/Paris")(new Date("1900-01-01T00:00:00Z"))).toBe(
      "1900-01-01T00:09:21.000+00:09:21",
    );
    expect(instantFormatter("America/New_York")(new Date("0001-01-01T00:00:00Z"))).toBe(
      "0000-12-31T19:03:58.000-04:56:02",
    );
    expect(instantFormatter("Europe/Paris")(new Date("9999-12-31T23:59:59.999Z"))).toBe(
      "+010000-01-01T00:59:59.999+01:00",
    );
  });
});

describe("the timezone parameter", () => {
  it("takes IANA names in any case, UTC by default, and refuses anything else", () => {
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(timeZoneQuery().parse(undefined)).toBe("UTC");
    expect(timeZoneQuery().parse("europe/paris")).toBe("europe/paris");
    for (const bad of ["", "Mars/Olympus", "+01:00", "Z", "Europe/Paris\u0000", "x".repeat(65)]) {
      expect(timeZoneQuery().safeParse(bad).success).toBe(false);
    }
  });
});
