// The one money formatter: each currency's ISO 4217 minor unit decides the digits, both ways.
import { describe, expect, it } from "vitest";
import {
  currencySymbol,
  formatCompactMoney,
  formatMoney,
  minorDigits,
  moneyInputValue,
  parseMoney,
} from "./money";

describe("minorDigits", () => {
  it("follows ISO 4217, in any letter case, with 2 for codes it does not list", () => {
    expect([minorDigits("jpy"), minorDigits("usd"), minorDigits("bhd"), minorDigits("KWD")]).toEqual([
      0, 2, 3, 3,
    ]);
    expect(minorDigits("eur")).toBe(2);
    expect(minorDigits("krw")).toBe(0);
  });
});

describe("formatMoney", () => {
  it("prints yen without a minor unit: 500 is ¥500, not ¥5.00", () => {
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(123456, "JPY")).toBe("¥123,456");
  });

  it("prints dollars with cents", () => {
    expect(formatMoney(4900, "usd")).toBe("$49.00");
    expect(formatMoney(5, "usd")).toBe("$0.05");
    expect(formatMoney(123456789, "usd")).toBe("$1,234,567.89");
    expect(formatMoney(-1500, "usd")).toBe("-$15.00");
  });

  it("prints dinars with three digits", () => {
    expect(formatMoney(1500, "bhd").replace(/\s/g, " ")).toBe("BHD 1.500");
    expect(formatMoney(1, "kwd").replace(/\s/g, " ")).toBe("KWD 0.001");
  });

  it("falls back to the amount and code for a code Intl refuses", () => {
    expect(formatMoney(1234, "x1")).toBe("12.34 X1");
  });
});

describe("parseMoney", () => {
  it("reads typed amounts in the currency's minor unit", () => {
    expect(parseMoney("12", "usd")).toBe(1200);
    expect(parseMoney("$1,200.5", "usd")).toBe(120050);
    expect(parseMoney(".5", "usd")).toBe(50);
    expect(parseMoney("500", "jpy")).toBe(500);
    expect(parseMoney("¥1,500", "jpy")).toBe(1500);
    expect(parseMoney("1.5", "bhd")).toBe(1500);
    expect(parseMoney("0.001", "kwd")).toBe(1);
  });

  it("refuses more digits than the minor unit has, and anything that is not an amount", () => {
    expect(parseMoney("1.234", "usd")).toBeNull();
    expect(parseMoney("500.5", "jpy")).toBeNull();
    expect(parseMoney("1.2345", "bhd")).toBeNull();
    expect(parseMoney("12abc", "usd")).toBeNull();
    expect(parseMoney("", "usd")).toBeNull();
    expect(parseMoney("9".repeat(20), "usd")).toBeNull();
  });

  it("round-trips with the input value", () => {
    for (const [minor, currency] of [
      [1500, "usd"],
      [500, "jpy"],
      [1500, "bhd"],
      [7, "kwd"],
    ] as const) {
      expect(parseMoney(moneyInputValue(minor, currency), currency)).toBe(minor);
    }
    expect(moneyInputValue(1500, "usd")).toBe("15.00");
    expect(moneyInputValue(500, "jpy")).toBe("500");
    expect(moneyInputValue(1500, "bhd")).toBe("1.500");
    expect(moneyInputValue(5, "usd")).toBe("0.05");
  });
});

describe("currency signs and compact amounts", () => {
  it("names the sign the formatter prints", () => {
    expect(currencySymbol("usd")).toBe("$");
    expect(currencySymbol("jpy")).toBe("¥");
  });

  it("scales compact axis labels by the minor unit", () => {
    expect(formatCompactMoney(123400, "usd")).toBe("$1.2K");
    expect(formatCompactMoney(50000, "jpy")).toBe("¥50K");
  });
});
