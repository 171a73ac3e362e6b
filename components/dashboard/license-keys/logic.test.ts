import { describe, expect, it } from "vitest";
import {
  allowedSorting,
  oneOf,
  countOfLimit,
  dateInputValue,
  endOfDayIso,
  limitsFormFrom,
  limitsPatch,
  parseLimit,
  problemsByField,
  statusActions,
} from "./logic";

const key = { limit_activations: 3, limit_usage: null, usage: 4 };

describe("license key status actions", () => {
  it("offers the changes that make sense from each status", () => {
    expect(statusActions("granted")).toEqual(["disable", "revoke"]);
    expect(statusActions("disabled")).toEqual(["grant", "revoke"]);
    expect(statusActions("revoked")).toEqual(["grant"]);
  });
});

describe("limits", () => {
  it("shows a count against its limit", () => {
    expect(countOfLimit(2, 10)).toBe("2 / 10");
    expect(countOfLimit(2, null)).toBe("2 (no limit)");
  });

  it("parses an empty field as no limit and rejects what is not a whole number", () => {
    expect(parseLimit("")).toBeNull();
    expect(parseLimit("  ")).toBeNull();
    expect(parseLimit(" 7 ")).toBe(7);
    expect(parseLimit("0")).toBe(0);
    expect(parseLimit("1.5")).toBeUndefined();
    expect(parseLimit("-1")).toBeUndefined();
    expect(parseLimit("1e3")).toBeUndefined();
  });

  it("fills the form from the key", () => {
    expect(limitsFormFrom(key)).toEqual({ limit_activations: "3", limit_usage: "", usage: "4" });
  });

  it("sends only the changed fields, null for a cleared limit", () => {
    expect(limitsPatch(key, limitsFormFrom(key))).toEqual({ patch: {}, errors: {} });
    expect(limitsPatch(key, { limit_activations: "", limit_usage: "100", usage: "4" })).toEqual({
      patch: { limit_activations: null, limit_usage: 100 },
      errors: {},
    });
    expect(limitsPatch(key, { limit_activations: "3", limit_usage: "", usage: "0" }).patch).toEqual({
      usage: 0,
    });
  });

  it("reports fields that cannot be sent", () => {
    const { errors } = limitsPatch(key, { limit_activations: "two", limit_usage: "", usage: "" });
    expect(Object.keys(errors).sort()).toEqual(["limit_activations", "usage"]);
  });
});

describe("expiry dates", () => {
  it("turns a date into the end of that local day and back", () => {
    const iso = endOfDayIso("2030-05-01");
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(dateInputValue(iso)).toBe("2030-05-01");
    expect(new Date(iso!).getHours()).toBe(23);
  });

  it("rejects malformed or impossible dates", () => {
    expect(endOfDayIso("")).toBeNull();
    expect(endOfDayIso("2030-02-30")).toBeNull();
    expect(endOfDayIso("01/05/2030")).toBeNull();
  });

  it("shows no date for no expiry", () => {
    expect(dateInputValue(null)).toBe("");
    expect(dateInputValue("not a date")).toBe("");
  });
});

describe("422 problems", () => {
  it("keys body problems by their field, first message wins", () => {
    expect(
      problemsByField([
        { type: "greater_than_equal", loc: ["body", "limit_activations"], msg: "too small", input: 0 },
        { type: "value_error", loc: ["body", "limit_activations"], msg: "second", input: 0 },
        { type: "value_error", loc: ["query", "x"], msg: "ignored", input: 0 },
        { type: "missing", loc: ["body", "scopes", 0], msg: "bad scope", input: "x" },
      ]),
    ).toEqual({ limit_activations: "too small", scopes: "bad scope" });
  });
});

describe("URL values", () => {
  it("keeps only the sorting criteria the API allows", () => {
    const fields = ["created_at", "usage"];
    expect(allowedSorting(["-usage", "bogus", "created_at"], fields, ["created_at"])).toEqual([
      "-usage",
      "created_at",
    ]);
    expect(allowedSorting(["bogus"], fields, ["created_at"])).toEqual(["created_at"]);
    expect(allowedSorting([], fields, ["-created_at"])).toEqual(["-created_at"]);
  });

  it("accepts only known enumeration values", () => {
    expect(oneOf("revoked", ["granted", "revoked"] as const)).toBe("revoked");
    expect(oneOf("nope", ["granted", "revoked"] as const)).toBeUndefined();
    expect(oneOf(null, ["granted"] as const)).toBeUndefined();
  });
});
