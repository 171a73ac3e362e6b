import { describe, expect, it } from "vitest";
import type { OrganizationResource } from "../hooks/organizations";
import { currenciesPatch, formFromCurrencies, parseOverrides } from "./currencies-logic";

const organization = {
  default_presentment_currency: "usd",
  currency_by_country: { CH: "eur" },
} as unknown as OrganizationResource;

describe("currencies settings", () => {
  it("reads the overrides one per line and sends only what changed", () => {
    const form = formFromCurrencies(organization);
    expect(form).toEqual({ default_presentment_currency: "usd", overrides: "CH eur" });
    expect(currenciesPatch(form, organization)).toEqual({ body: {}, errors: {} });
    expect(
      currenciesPatch({ default_presentment_currency: "eur", overrides: "ch EUR\nse=sek" }, organization),
    ).toEqual({
      body: { default_presentment_currency: "eur", currency_by_country: { CH: "eur", SE: "sek" } },
      errors: {},
    });
    expect(
      currenciesPatch({ default_presentment_currency: "usd", overrides: "" }, organization).body,
    ).toEqual({
      currency_by_country: {},
    });
  });

  it("names the bad line", () => {
    expect(parseOverrides("CH eur\nXYZ usd")).toEqual({
      error: 'Line 2: write a country code and a currency, e.g. "CH eur".',
    });
    expect(parseOverrides("CH eur\nch usd")).toEqual({ error: "Line 2: CH is given twice." });
    expect(parseOverrides("CH euro")).toHaveProperty("error");
  });
});
