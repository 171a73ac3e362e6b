// The tax ID format rules: normalisation, every type's valid and invalid values, every EU member
// state's pattern, the guess of a type from a bare value and the country of an EU VAT number.
import { describe, expect, it } from "vitest";
import {
  euCountryOfVat,
  guessTaxIdType,
  isTaxIdType,
  normalizeTaxId,
  TAX_ID_TYPE_LABELS,
  TAX_ID_TYPES,
  taxIdProblem,
  type TaxIdType,
} from "./tax-ids";

describe("normalizeTaxId", () => {
  it("removes spaces, dots and dashes and upper-cases", () => {
    expect(normalizeTaxId(" de 123.456-789 ")).toBe("DE123456789");
    expect(normalizeTaxId("che-123.456.789 mwst")).toBe("CHE123456789MWST");
    expect(normalizeTaxId("51\t824\u00a0753 556")).toBe("51824753556");
    expect(normalizeTaxId("fr\u2013ab\u2014123456789")).toBe("FRAB123456789");
  });
  it("keeps every other character, for the format check to refuse", () => {
    expect(normalizeTaxId("DE/123_456")).toBe("DE/123_456");
  });
});

const VALID: Record<TaxIdType, string[]> = {
  eu_vat: [
    "DE123456789",
    "de 123 456 789",
    "FR12345678901",
    "FRXA123456789",
    "EL123456789",
    "NL123456789B01",
  ],
  gb_vat: ["GB123456789", "GB123456789012", "GBGD001", "GBHA599", "gb 123 4567 89"],
  ch_vat: ["CHE123456789", "CHE-123.456.789 MWST", "CHE123456789TVA", "CHE123456789IVA"],
  no_vat: ["123456789MVA", "123 456 789 MVA"],
  au_abn: ["51 824 753 556", "53004085616", "33051775556"],
  ca_bn: ["123456789", "123 456 789"],
};

const INVALID: Record<TaxIdType, string[]> = {
  eu_vat: [
    "DE12345678",
    "DE1234567890",
    "XX123456789",
    "GR123456789",
    "GB123456789",
    "123456789",
    "FRIO123456789",
  ],
  gb_vat: ["GB12345678", "GB1234567890", "GBGD500", "GBHA499", "DE123456789", "123456789"],
  ch_vat: ["CHE12345678", "CH123456789", "CHE123456789VAT", "CHE1234567890"],
  no_vat: ["123456789", "12345678MVA", "NO123456789MVA"],
  au_abn: ["51824753557", "5182475355", "518247535560", "ABN51824753556"],
  ca_bn: ["12345678", "1234567890", "123456789RT0001"],
};

describe("taxIdProblem", () => {
  for (const type of TAX_ID_TYPES) {
    it(`${type}: takes well-formed values`, () => {
      for (const value of VALID[type]) expect(taxIdProblem(value, type), value).toBeNull();
    });
    it(`${type}: refuses malformed values with a sentence`, () => {
      for (const value of INVALID[type]) expect(taxIdProblem(value, type), value).toMatch(/\.$/);
    });
  }

  it("names the expected shape of each EU member state", () => {
    expect(taxIdProblem("DE12345678", "eu_vat")).toBe("A DE VAT number is DE followed by 9 digits.");
    expect(taxIdProblem("GR123456789", "eu_vat")).toMatch(/starts with EL, not GR/);
    expect(taxIdProblem("XX123", "eu_vat")).toMatch(/member state's prefix/);
    expect(taxIdProblem("51824753557", "au_abn")).toMatch(/check digits/);
  });

  it("checks every EU member state's pattern", () => {
    const cases: [valid: string, invalid: string][] = [
      ["ATU12345678", "AT12345678"],
      ["BE0123456789", "BE2123456789"],
      ["BG123456789", "BG12345678"],
      ["BG1234567890", "BG12345678901"],
      ["CY12345678L", "CY123456789"],
      ["CZ12345678", "CZ1234567"],
      ["CZ1234567890", "CZ12345678901"],
      ["DE123456789", "DE12345678A"],
      ["DK12345678", "DK123456789"],
      ["EE123456789", "EE12345678"],
      ["EL123456789", "EL12345678"],
      ["ESA1234567B", "ES123456789"],
      ["ES12345678Z", "ESA123456"],
      ["FI12345678", "FI1234567"],
      ["FR12345678901", "FR1234567890"],
      ["HR12345678901", "HR1234567890"],
      ["HU12345678", "HU123456789"],
      ["IE1234567T", "IE123456T"],
      ["IE1234567WA", "IE1234567TZ"],
      ["IE1A23456T", "IE1A2345T"],
      ["IT12345678901", "IT1234567890"],
      ["LT123456789", "LT1234567890"],
      ["LT123456789012", "LT12345678"],
      ["LU12345678", "LU1234567"],
      ["LV12345678901", "LV1234567890"],
      ["MT12345678", "MT1234567"],
      ["NL123456789B01", "NL123456789A01"],
      ["PL1234567890", "PL123456789"],
      ["PT123456789", "PT12345678"],
      ["RO12", "RO1"],
      ["RO1234567890", "RO12345678901"],
      ["SE123456789001", "SE123456789012"],
      ["SI12345678", "SI1234567"],
      ["SK1234567890", "SK123456789"],
    ];
    for (const [valid, invalid] of cases) {
      expect(taxIdProblem(valid, "eu_vat"), valid).toBeNull();
      expect(taxIdProblem(invalid, "eu_vat"), invalid).not.toBeNull();
    }
  });

  it("refuses an unknown type, an empty value and an over-long one", () => {
    expect(taxIdProblem("DE123456789", "us_ein")).toBe(
      "Tax ID type should be one of eu_vat, gb_vat, ch_vat, no_vat, au_abn, ca_bn.",
    );
    expect(taxIdProblem(" - . ", "eu_vat")).toBe("Tax ID is empty.");
    expect(taxIdProblem("DE" + "1".repeat(70), "eu_vat")).toMatch(/at most 64/);
  });

  it("takes each type's own example", () => {
    for (const type of TAX_ID_TYPES) expect(taxIdProblem(TAX_ID_TYPE_LABELS[type].example, type)).toBeNull();
  });
});

describe("guessTaxIdType", () => {
  it("recognises a value by its own letters", () => {
    expect(guessTaxIdType("de 123 456 789")).toBe("eu_vat");
    expect(guessTaxIdType("EL123456789")).toBe("eu_vat");
    expect(guessTaxIdType("GB123456789")).toBe("gb_vat");
    expect(guessTaxIdType("CHE-123.456.789 MWST")).toBe("ch_vat");
    expect(guessTaxIdType("123456789MVA")).toBe("no_vat");
  });
  it("never guesses digits alone or a malformed value", () => {
    expect(guessTaxIdType("123456789")).toBeNull();
    expect(guessTaxIdType("51824753556")).toBeNull();
    expect(guessTaxIdType("DE12345")).toBeNull();
    expect(guessTaxIdType("GR123456789")).toBeNull();
    expect(guessTaxIdType("")).toBeNull();
  });
});

describe("euCountryOfVat", () => {
  it("gives the ISO country of a well-formed EU VAT number", () => {
    expect(euCountryOfVat("DE123456789")).toBe("DE");
    expect(euCountryOfVat("el 123 456 789")).toBe("GR");
    expect(euCountryOfVat("ATU12345678")).toBe("AT");
  });
  it("is null for anything else", () => {
    expect(euCountryOfVat("DE12345")).toBeNull();
    expect(euCountryOfVat("GB123456789")).toBeNull();
    expect(euCountryOfVat("CHE123456789")).toBeNull();
    expect(euCountryOfVat("123456789")).toBeNull();
    expect(euCountryOfVat("")).toBeNull();
  });
});

describe("isTaxIdType", () => {
  it("knows the listed types only", () => {
    for (const type of TAX_ID_TYPES) expect(isTaxIdType(type)).toBe(true);
    expect(isTaxIdType("us_ein")).toBe(false);
    expect(isTaxIdType(undefined)).toBe(false);
  });
});
