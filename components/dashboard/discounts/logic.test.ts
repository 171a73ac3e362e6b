// The discount form → API bodies: units to minor units and basis points, local problems keyed like
// the API's, and a PATCH of only what changed.
import { describe, expect, it } from "vitest";
import type { DiscountResource } from "../hooks/catalog";
import {
  discountBody,
  discountPatch,
  discountValue,
  EMPTY_DISCOUNT_FORM,
  formFromDiscount,
  parseBasisPoints,
} from "./logic";

const discount: DiscountResource = {
  id: "d1",
  created_at: "2030-01-01T00:00:00.000Z",
  modified_at: null,
  metadata: { campaign: "spring", priority: 2 },
  duration: "repeating",
  duration_in_months: 3,
  type: "fixed",
  amount: 1050,
  currency: "usd",
  amounts: { usd: 1050 },
  basis_points: null,
  name: "Spring",
  code: "SPRING",
  starts_at: null,
  ends_at: null,
  max_redemptions: 10,
  max_redemptions_per_customer: null,
  redemptions_count: 1,
  organization_id: "o1",
  products: [],
};

describe("discount form", () => {
  it("parses percentages to basis points", () => {
    expect(parseBasisPoints("12.5")).toBe(1250);
    expect(parseBasisPoints("100%")).toBe(10_000);
    expect(parseBasisPoints("0.01")).toBe(1);
    expect(parseBasisPoints("1.234")).toBeNull();
    expect(parseBasisPoints("abc")).toBeNull();
  });

  it("builds a create body, or the problems under the API's field names", () => {
    const form = { ...EMPTY_DISCOUNT_FORM, name: " Launch ", code: "LAUNCH", percent: "15" };
    expect(discountBody(form)).toEqual({
      body: {
        name: "Launch",
        type: "percentage",
        duration: "once",
        code: "LAUNCH",
        basis_points: 1500,
        max_redemptions: null,
        starts_at: null,
        ends_at: null,
        metadata: {},
        products: [],
      },
      errors: {},
    });
    const bad = discountBody({
      ...EMPTY_DISCOUNT_FORM,
      percent: "200",
      duration: "repeating",
      max_redemptions: "x",
    });
    expect(Object.keys(bad.errors).sort()).toEqual([
      "basis_points",
      "duration_in_months",
      "max_redemptions",
      "name",
    ]);
  });

  it("edits: an untouched form sends nothing; a change sends that field only", () => {
    const form = formFromDiscount(discount);
    expect(form.amount).toBe("10.50");
    expect(discountPatch(form, discount)).toEqual({ body: {}, errors: {} });
    expect(discountPatch({ ...form, name: "Summer", max_redemptions: "" }, discount).body).toEqual({
      name: "Summer",
      max_redemptions: null,
    });
    expect(
      discountPatch({ ...form, metadata: [...form.metadata, { key: "new", value: "yes" }] }, discount).body,
    ).toEqual({ metadata: { campaign: "spring", priority: 2, new: "yes" } });
  });

  it("shows the value", () => {
    expect(discountValue(discount)).toBe("$10.50");
    expect(discountValue({ ...discount, type: "percentage", basis_points: 1250 })).toBe("12.5%");
  });
});
