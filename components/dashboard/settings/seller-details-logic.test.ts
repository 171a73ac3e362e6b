// The "Seller details" form: its values from the organization, the PATCH of only what changed,
// empty fields clearing, and the checks made before sending (country, tax ID type and format).
import { describe, expect, it } from "vitest";
import type { OrganizationResource } from "../hooks/organizations";
import { formFromSeller, sellerDetailsPatch } from "./seller-details-logic";

const ADDRESS = {
  line1: "Hauptstraße 1",
  line2: null,
  postal_code: "10115",
  city: "Berlin",
  state: null,
  country: "DE",
};

const seller = {
  id: "o1",
  legal_name: "Seller GmbH",
  address: ADDRESS,
  tax_id: ["DE123456789", "eu_vat"],
  country: "DE",
} as OrganizationResource;
const blank = {
  id: "o2",
  legal_name: null,
  address: null,
  tax_id: null,
  country: null,
} as OrganizationResource;

describe("sellerDetailsPatch", () => {
  it("shows the stored details and sends nothing when nothing changed", () => {
    const form = formFromSeller(seller);
    expect(form).toEqual({
      legal_name: "Seller GmbH",
      address: {
        line1: "Hauptstraße 1",
        line2: "",
        postal_code: "10115",
        city: "Berlin",
        state: "",
        country: "DE",
      },
      tax_id: "DE123456789",
      tax_id_type: "eu_vat",
    });
    expect(sellerDetailsPatch(form, seller)).toEqual({ body: {}, errors: {} });
  });

  it("sends each changed field: the address whole, the tax ID normalised with its type", () => {
    const form = formFromSeller(seller);
    form.address.city = " Potsdam ";
    form.tax_id = "de 987.654.321";
    expect(sellerDetailsPatch(form, seller)).toEqual({
      body: { address: { ...ADDRESS, city: "Potsdam" }, tax_id: ["DE987654321", "eu_vat"] },
      errors: {},
    });
  });

  it("clears what was emptied", () => {
    const form = formFromSeller(seller);
    form.legal_name = " ";
    form.tax_id = "";
    form.address = { line1: "", line2: "", postal_code: "", city: "", state: "", country: "" };
    expect(sellerDetailsPatch(form, seller)).toEqual({
      body: { legal_name: null, address: null, tax_id: null },
      errors: {},
    });
  });

  it("recognises the type of a number typed without one", () => {
    const form = formFromSeller(blank);
    form.tax_id = "CHE-123.456.789 MWST";
    expect(sellerDetailsPatch(form, blank).body).toEqual({ tax_id: ["CHE123456789MWST", "ch_vat"] });
  });

  it("finds a missing country, an unrecognised type and a malformed number before sending", () => {
    const form = formFromSeller(blank);
    form.address.city = "Berlin";
    form.tax_id = "123456789";
    expect(sellerDetailsPatch(form, blank).errors).toEqual({
      "address.country": "Choose the country of the address.",
      "tax_id.1": "Choose the tax ID's type (eu_vat, gb_vat, ch_vat, no_vat, au_abn, ca_bn).",
    });
    form.tax_id_type = "au_abn";
    expect(sellerDetailsPatch(form, blank).errors.tax_id).toBe(
      "An Australian Business Number is 11 digits, e.g. 51 824 753 556.",
    );
  });
});
