import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("csvField", () => {
  it("writes plain text and numbers as they are, and nothing for null", () => {
    expect(csvField("alice@example.com")).toBe("alice@example.com");
    expect(csvField("Beta tool")).toBe("Beta tool");
    expect(csvField(2000)).toBe("2000");
    expect(csvField(0)).toBe("0");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("quotes fields holding a comma, a quote, CR or LF, and doubles the quotes", () => {
    expect(csvField("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvField('The "best" tool')).toBe('"The ""best"" tool"');
    expect(csvField('"')).toBe('""""');
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
    expect(csvField("a\rb")).toBe('"a\rb"');
    // Other characters need no quotes.
    expect(csvField("semi;colon 'single' tab\there")).toBe("semi;colon 'single' tab\there");
    expect(csvField("Ünïcödé ✓")).toBe("Ünïcödé ✓");
  });

  it("puts a single quote before text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+33 1 23")).toBe("'+33 1 23");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("\rcmd")).toBe('"\'\rcmd"');
    expect(csvField("=1,2")).toBe('"\'=1,2"');
    // Only a leading character counts, and numbers are never text.
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField(" =1")).toBe(" =1");
    expect(csvField(-5)).toBe("-5");
  });
});

describe("csvRow", () => {
  it("joins the fields with commas and ends the record with CRLF", () => {
    expect(csvRow(["id", "amount"])).toBe("id,amount\r\n");
    expect(csvRow(["x", 12, null, "a,b", "=x"])).toBe('x,12,,"a,b",\'=x\r\n');
    expect(csvRow([])).toBe("\r\n");
  });
});
