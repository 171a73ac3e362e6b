// Settings: percentages ↔ basis points without float noise, the tax rates PUT body with problems on
// the right row, and the organization PATCH of only what changed.
import { describe, expect, it } from "vitest";
import type { OrganizationResource } from "../hooks/organizations";
import { formFromOrganization, organizationPatch, organizationsAfterUpdate } from "./organization-logic";
import {
  basisPointsFromPercent,
  percentFromBasisPoints,
  rowsFromTaxRates,
  taxRateFields,
  taxRatesBody,
  type TaxRateRow,
} from "./tax-rates-logic";

describe("percent ↔ basis points", () => {
  it("shows basis points with two decimals", () => {
    expect(percentFromBasisPoints(1900)).toBe("19.00");
    expect(percentFromBasisPoints(875)).toBe("8.75");
    expect(percentFromBasisPoints(5)).toBe("0.05");
    expect(percentFromBasisPoints(0)).toBe("0.00");
    expect(percentFromBasisPoints(10_000)).toBe("100.00");
  });

  it("reads a typed percentage exactly", () => {
    expect(basisPointsFromPercent("19")).toBe(1900);
    expect(basisPointsFromPercent("19.00")).toBe(1900);
    expect(basisPointsFromPercent(" 7.5 ")).toBe(750);
    expect(basisPointsFromPercent("8,25")).toBe(825);
    expect(basisPointsFromPercent("0.07")).toBe(7);
    expect(basisPointsFromPercent(".5")).toBe(50);
    expect(basisPointsFromPercent("19 %")).toBe(1900);
    expect(basisPointsFromPercent("100")).toBe(10_000);
    expect(basisPointsFromPercent("4.")).toBe(400);
  });

  it("refuses what is not a percentage with at most two decimals, or over 100", () => {
    for (const text of ["", "abc", "8.875", "-1", "100.01", "1000", "1e2", "."]) {
      expect(basisPointsFromPercent(text)).toBeNull();
    }
  });

  it("round-trips every basis point value", () => {
    for (let basisPoints = 0; basisPoints <= 10_000; basisPoints += 7) {
      expect(basisPointsFromPercent(percentFromBasisPoints(basisPoints))).toBe(basisPoints);
    }
  });
});

const row = (country: string, state: string, percent: string, key = country + state): TaxRateRow => ({
  key,
  country,
  state,
  percent,
});

describe("taxRatesBody", () => {
  it("sends every row, upper-cased, with an empty state as null", () => {
    expect(taxRatesBody([row("de", "", "19"), row("US", "ca", "7.25")])).toEqual({
      body: {
        tax_rates: [
          { country: "DE", state: null, basis_points: 1900 },
          { country: "US", state: "CA", basis_points: 725 },
        ],
      },
      errors: {},
    });
    expect(taxRatesBody([])).toEqual({ body: { tax_rates: [] }, errors: {} });
  });

  it("keys problems by the row's index and field, like the API's 422", () => {
    const { errors } = taxRatesBody([
      row("DE", "", "19"),
      row("", "", "5"),
      row("FR", "", "twenty"),
      row("DE", "", "7", "again"),
    ]);
    expect(errors).toEqual({
      "tax_rates.1.country": "Choose a country.",
      "tax_rates.2.basis_points": "Enter a rate from 0 to 100 with at most 2 decimals.",
      "tax_rates.3": "Same place as row 1.",
    });
  });

  it("names the fields of each row for the API's problems", () => {
    expect(taxRateFields(1)).toEqual([
      "tax_rates.0",
      "tax_rates.0.country",
      "tax_rates.0.state",
      "tax_rates.0.basis_points",
    ]);
  });

  it("makes rows from the API's rates", () => {
    expect(
      rowsFromTaxRates([
        { id: "r1", created_at: "2030-01-01T00:00:00Z", country: "US", state: "NY", basis_points: 400 },
      ]),
    ).toEqual([{ key: "r1", country: "US", state: "NY", percent: "4.00" }]);
  });
});

const organization = {
  id: "o1",
  name: "Acme",
  slug: "acme",
  avatar_url: null,
  email: "help@acme.test",
  customer_invoice_prefix: "ACME",
  subscription_settings: {
    allow_multiple_subscriptions: false,
    allow_customer_updates: true,
    proration_behavior: "prorate",
  },
  feature_settings: { issue_funding_enabled: false, revoke_benefits_on_dispute: false },
} as OrganizationResource;

describe("organizationPatch", () => {
  it("sends nothing when nothing changed", () => {
    expect(organizationPatch(formFromOrganization(organization), organization)).toEqual({
      body: {},
      errors: {},
    });
  });

  it("sends only the changed fields and settings; empty email clears it", () => {
    const form = formFromOrganization(organization);
    form.slug = " acme-2 ";
    form.email = "";
    form.avatar_url = "https://cdn.acme.test/a.png";
    form.subscription_settings.proration_behavior = "invoice";
    expect(organizationPatch(form, organization)).toEqual({
      body: {
        slug: "acme-2",
        email: null,
        avatar_url: "https://cdn.acme.test/a.png",
        subscription_settings: { proration_behavior: "invoice" },
      },
      errors: {},
    });
  });

  it("sends the dispute setting only when it changed", () => {
    const form = { ...formFromOrganization(organization), revoke_benefits_on_dispute: true };
    expect(organizationPatch(form, organization)).toEqual({
      body: { feature_settings: { revoke_benefits_on_dispute: true } },
      errors: {},
    });
  });

  it("sends the automatic-invoice setting only when it changed", () => {
    const invoicing = { ...organization, invoice_automatically: false };
    expect(organizationPatch(formFromOrganization(invoicing), invoicing).body).toEqual({});
    const form = { ...formFromOrganization(invoicing), invoice_automatically: true };
    expect(organizationPatch(form, invoicing)).toEqual({ body: { invoice_automatically: true }, errors: {} });
  });

  it("sends the order-number prefix upper-cased, and refuses one with other characters", () => {
    const form = { ...formFromOrganization(organization), customer_invoice_prefix: " acme2 " };
    expect(organizationPatch(form, organization)).toEqual({
      body: { customer_invoice_prefix: "ACME2" },
      errors: {},
    });
    const bad = { ...form, customer_invoice_prefix: "AC-ME" };
    expect(organizationPatch(bad, organization).errors).toEqual({
      customer_invoice_prefix: "Use 1 to 12 letters and digits, such as ACME.",
    });
  });

  it("asks for a name and a slug", () => {
    const form = { ...formFromOrganization(organization), name: " ", slug: "" };
    expect(organizationPatch(form, organization).errors).toEqual({
      name: "Give the organization a name.",
      slug: "Give the organization a slug.",
    });
  });
});

describe("organizationsAfterUpdate", () => {
  const list = [
    { id: "o1", name: "Acme", slug: "acme", role: "owner" },
    { id: "o2", name: "Beta", slug: "beta", role: "member" },
  ];

  it("renames in place", () => {
    expect(organizationsAfterUpdate(list, { id: "o1", name: "Acme Inc", slug: "acme" })).toEqual([
      { id: "o1", name: "Acme Inc", slug: "acme", role: "owner" },
      list[1],
    ]);
  });

  it("keeps the old slug listed last while the dashboard moves to the new one", () => {
    expect(organizationsAfterUpdate(list, { id: "o1", name: "Acme", slug: "acme-2" })).toEqual([
      { id: "o1", name: "Acme", slug: "acme-2", role: "owner" },
      list[1],
      { id: "o1", name: "Acme", slug: "acme", role: "owner" },
    ]);
  });
});
