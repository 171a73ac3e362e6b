import { describe, expect, it } from "vitest";
import { LOCALES, localeFromAcceptLanguage, resolveLocale, supportedLocale } from "./locales";
import { CATALOGS, translator } from "./translate";

/** Every key of a catalog as "a.b.c" → its text. */
function flatten(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message catalogs", () => {
  const english = flatten(CATALOGS.en);

  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s has every English key, no other, with the same placeholders and a text",
    (locale) => {
      const catalog = flatten(CATALOGS[locale]);
      expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(placeholders(catalog.get(key)!), `${locale} ${key}`).toEqual(placeholders(text));
        expect(catalog.get(key)!.trim(), `${locale} ${key}`).not.toBe("");
      }
    },
  );
});

describe("choosing the locale", () => {
  it("reads the language of a tag, only when offered", () => {
    expect(supportedLocale("de-AT")).toBe("de");
    expect(supportedLocale("FR")).toBe("fr");
    expect(supportedLocale("es_419")).toBe("es");
    expect(supportedLocale("pt-BR")).toBeNull();
    expect(supportedLocale("")).toBeNull();
  });

  it("takes Accept-Language's best supported entry by q-value, ties in order", () => {
    expect(localeFromAcceptLanguage("pt-BR,fr;q=0.8,de;q=0.9")).toBe("de");
    expect(localeFromAcceptLanguage("es-ES,es;q=0.9,en;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("de;q=0, fr;q=0.1")).toBe("fr");
    expect(localeFromAcceptLanguage("pt, ja")).toBeNull();
    expect(localeFromAcceptLanguage("x".repeat(5000))).toBeNull();
  });

  it("prefers the checkout's, then the customer's, then the browser's, then English", () => {
    expect(resolveLocale(["fr", "de"], "es")).toBe("fr");
    expect(resolveLocale([null, "de"], "es")).toBe("de");
    expect(resolveLocale([null, "pt"], "es-MX")).toBe("es");
    expect(resolveLocale([undefined], null)).toBe("en");
  });
});

describe("formatting", () => {
  it("writes money and dates in the locale", () => {
    const day = new Date("2026-03-05T12:00:00Z");
    expect(translator("en").money(4900, "eur")).toBe("€49.00");
    expect(translator("de").money(4900, "eur").replace(/\s/g, " ")).toBe("49,00 €");
    expect(translator("fr").money(123456, "eur").replace(/\s/g, " ")).toBe("1 234,56 €");
    expect(translator("es").money(4900, "usd").replace(/\s/g, " ")).toBe("49,00 US$");
    expect(translator("de").date(day)).toBe("5. März 2026");
    expect(translator("fr").date(day)).toBe("5 mars 2026");
    expect(translator("es").date(day)).toBe("5 de marzo de 2026");
    expect(translator("en").date(day)).toBe("March 5, 2026");
  });

  it("translates a key and fills its placeholders", () => {
    expect(translator("de").t("common.total")).toBe("Gesamt");
    expect(translator("fr").t("common.reverseCharge")).toBe("Autoliquidation");
  });
});
