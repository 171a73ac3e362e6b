import { describe, expect, it } from "vitest";
import { dateInputValue } from "../license-keys/logic";
import { SCOPES } from "@/lib/auth/scopes";
import { expiresAtFor, groupScopes, tokenState } from "./logic";

const now = new Date("2030-01-10T12:00:00.000Z");

describe("token expiry", () => {
  it("never, in N days, or the end of a picked day", () => {
    expect(expiresAtFor("never", "", now)).toBeNull();
    expect(expiresAtFor("7", "", now)).toBe("2030-01-17T12:00:00.000Z");
    expect(expiresAtFor("90", "", now)).toBe("2030-04-10T12:00:00.000Z");
    expect(dateInputValue(expiresAtFor("custom", "2030-03-01", now))).toBe("2030-03-01");
  });

  it("a custom choice without a valid date cannot be sent", () => {
    expect(expiresAtFor("custom", "", now)).toBeUndefined();
    expect(expiresAtFor("custom", "2030-13-01", now)).toBeUndefined();
  });
});

describe("token state", () => {
  it("revoked wins, then expired, else active", () => {
    expect(tokenState({ revoked_at: "2030-01-01T00:00:00.000Z", expires_at: null }, now)).toBe("revoked");
    expect(tokenState({ revoked_at: null, expires_at: "2030-01-10T11:59:59.000Z" }, now)).toBe("expired");
    expect(tokenState({ revoked_at: null, expires_at: "2030-01-11T00:00:00.000Z" }, now)).toBe("active");
    expect(tokenState({ revoked_at: null, expires_at: null }, now)).toBe("active");
  });
});

describe("scope groups", () => {
  it("offers the subscriptions scopes in the token form, read and write side by side", () => {
    expect(groupScopes(SCOPES).find((group) => group.resource === "subscriptions")).toEqual({
      resource: "subscriptions",
      label: "Subscriptions",
      scopes: ["subscriptions:read", "subscriptions:write"],
    });
  });

  it("groups scopes by resource in order, with a readable label", () => {
    expect(groupScopes(["orders:read", "license_keys:read", "license_keys:write"])).toEqual([
      { resource: "orders", label: "Orders", scopes: ["orders:read"] },
      {
        resource: "license_keys",
        label: "License keys",
        scopes: ["license_keys:read", "license_keys:write"],
      },
    ]);
  });
});
