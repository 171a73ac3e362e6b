import { describe, expect, it } from "vitest";
import { isEuMemberState, reverseCharge, sellerEuVatId } from "./reverse-charge";

const base = {
  sellerCountry: "FR",
  sellerVatId: "FR40303265045",
  buyerCountry: "DE",
  buyerTaxIdType: "eu_vat",
  buyerTaxIdVerified: true,
};

describe("reverseCharge", () => {
  it("applies to a business buyer in another member state with a verified EU VAT number", () => {
    expect(reverseCharge(base)).toBe(true);
    // Any case, Greece by its ISO code.
    expect(reverseCharge({ ...base, buyerCountry: "gr" })).toBe(true);
  });

  it("never on an unverified VAT number", () => {
    expect(reverseCharge({ ...base, buyerTaxIdVerified: false })).toBe(false);
  });

  it("not for a domestic sale", () => {
    expect(reverseCharge({ ...base, buyerCountry: "FR" })).toBe(false);
    expect(reverseCharge({ ...base, buyerCountry: "fr" })).toBe(false);
  });

  it("not for a buyer outside the EU", () => {
    expect(reverseCharge({ ...base, buyerCountry: "US" })).toBe(false);
    expect(reverseCharge({ ...base, buyerCountry: "GB", buyerTaxIdType: "gb_vat" })).toBe(false);
    expect(reverseCharge({ ...base, buyerCountry: "CH", buyerTaxIdType: "eu_vat" })).toBe(false);
  });

  it("not without the buyer's billing country", () => {
    expect(reverseCharge({ ...base, buyerCountry: null })).toBe(false);
    expect(reverseCharge({ ...base, buyerCountry: "" })).toBe(false);
  });

  it("not for a seller outside the EU, or without an address", () => {
    expect(reverseCharge({ ...base, sellerCountry: "US" })).toBe(false);
    expect(reverseCharge({ ...base, sellerCountry: "GB" })).toBe(false);
    expect(reverseCharge({ ...base, sellerCountry: null })).toBe(false);
  });

  it("not for a seller without an EU VAT number", () => {
    expect(reverseCharge({ ...base, sellerVatId: null })).toBe(false);
    expect(reverseCharge({ ...base, sellerVatId: "" })).toBe(false);
  });

  it("not for a buyer's tax ID of another type, or none", () => {
    expect(reverseCharge({ ...base, buyerTaxIdType: "ch_vat" })).toBe(false);
    expect(reverseCharge({ ...base, buyerTaxIdType: null, buyerTaxIdVerified: false })).toBe(false);
  });

  it("the billing country governs, not the VAT number's prefix", () => {
    // A German number billed in Austria: Austria is another member state than France.
    expect(reverseCharge({ ...base, buyerCountry: "AT" })).toBe(true);
    // A German number billed in France, the seller's own country: domestic, taxed.
    expect(reverseCharge({ ...base, buyerCountry: "FR" })).toBe(false);
  });
});

describe("sellerEuVatId", () => {
  it("is the seller's tax ID only when it is an EU VAT number", () => {
    expect(sellerEuVatId({ tax_id: "FR40303265045", tax_id_type: "eu_vat" })).toBe("FR40303265045");
    expect(sellerEuVatId({ tax_id: "GB123456789", tax_id_type: "gb_vat" })).toBeNull();
    expect(sellerEuVatId({ tax_id: null, tax_id_type: null })).toBeNull();
  });
});

describe("isEuMemberState", () => {
  it("knows the 27", () => {
    expect(isEuMemberState("DE")).toBe(true);
    expect(isEuMemberState("GR")).toBe(true);
    expect(isEuMemberState("EL")).toBe(false);
    expect(isEuMemberState("GB")).toBe(false);
    expect(isEuMemberState(null)).toBe(false);
  });
});
