import { describe, expect, it } from "vitest";
import { defaultInvoicePrefix, formatInvoiceNumber } from "./invoice-numbers";

describe("order numbers", () => {
  it("pads to four digits and grows past them", () => {
    expect(formatInvoiceNumber("ACME", 42)).toBe("ACME-0042");
    expect(formatInvoiceNumber("ACME", 1)).toBe("ACME-0001");
    expect(formatInvoiceNumber("ACME", 9999)).toBe("ACME-9999");
    expect(formatInvoiceNumber("ACME", 12345)).toBe("ACME-12345");
  });

  it("refuses a number that is not a positive integer", () => {
    expect(() => formatInvoiceNumber("ACME", 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("ACME", 1.5)).toThrow(RangeError);
  });

  it("derives the default prefix from the slug's letters and digits, uppercased", () => {
    expect(defaultInvoicePrefix("acme")).toBe("ACME");
    expect(defaultInvoicePrefix("acme-tools-2")).toBe("ACMETOOLS2");
    expect(defaultInvoicePrefix("Café Déjà")).toBe("CAFEDEJA");
    expect(defaultInvoicePrefix("a-very-long-organization-slug")).toBe("AVERYLONGORG");
    expect(defaultInvoicePrefix("---")).toBe("ORDER");
  });
});
