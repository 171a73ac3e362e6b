// The benefit form → API bodies: each type's properties, empty inputs as "none", problems keyed
// like the API's locs, and a PATCH of only what changed (with apply_to_existing_keys when ticked).
import { describe, expect, it } from "vitest";
import type { BenefitResource } from "../hooks/catalog";
import { benefitBody, benefitPatch, benefitSummary, EMPTY_BENEFIT_FORM, formFromBenefit } from "./logic";

const keys = {
  id: "b1",
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  type: "license_keys",
  description: "Pro license",
  selectable: true,
  deletable: true,
  organization_id: "o1",
  metadata: {},
  properties: {
    prefix: "PRO",
    expires: { ttl: 1, timeframe: "year" },
    activations: { limit: 3, enable_customer_admin: true },
    limit_usage: null,
  },
} as BenefitResource;

describe("benefitBody", () => {
  it("builds a custom benefit's note", () => {
    expect(benefitBody({ ...EMPTY_BENEFIT_FORM, description: " Discord ", note: " join " }).body).toEqual({
      type: "custom",
      description: "Discord",
      properties: { note: "join" },
      metadata: {},
    });
  });

  it("builds license keys terms, empty inputs meaning none", () => {
    const form = { ...EMPTY_BENEFIT_FORM, type: "license_keys" as const, description: "Keys" };
    expect(benefitBody(form).body.properties).toEqual({
      prefix: null,
      expires: null,
      activations: null,
      limit_usage: null,
    });
    const full = {
      ...form,
      prefix: "ACME",
      ttl: "30",
      timeframe: "day" as const,
      activation_limit: "5",
      limit_usage: "100",
    };
    expect(benefitBody(full).body.properties).toEqual({
      prefix: "ACME",
      expires: { ttl: 30, timeframe: "day" },
      activations: { limit: 5, enable_customer_admin: false },
      limit_usage: 100,
    });
  });

  it("keys problems like the API's locs", () => {
    const form = {
      ...EMPTY_BENEFIT_FORM,
      type: "license_keys" as const,
      description: "x",
      ttl: "0",
      activation_limit: "51",
      limit_usage: "1.5",
    };
    expect(Object.keys(benefitBody(form).errors)).toEqual([
      "description",
      "properties.expires.ttl",
      "properties.activations.limit",
      "properties.limit_usage",
    ]);
  });
});

describe("benefitPatch", () => {
  it("sends nothing when nothing changed, only changes otherwise", () => {
    const form = formFromBenefit(keys);
    expect(benefitPatch(form, keys)).toEqual({ body: {}, errors: {} });
    expect(benefitPatch({ ...form, activation_limit: "4" }, keys).body).toEqual({
      properties: {
        prefix: "PRO",
        expires: { ttl: 1, timeframe: "year" },
        activations: { limit: 4, enable_customer_admin: true },
        limit_usage: null,
      },
    });
  });

  it("adds apply_to_existing_keys when ticked", () => {
    const form = { ...formFromBenefit(keys), description: "Pro keys", apply_to_existing_keys: true };
    expect(benefitPatch(form, keys).body).toEqual({ description: "Pro keys", apply_to_existing_keys: true });
  });

  it("summarises the terms", () => {
    expect(benefitSummary(keys)).toBe("3 activations · expires after 1 year · prefix PRO");
  });
});
