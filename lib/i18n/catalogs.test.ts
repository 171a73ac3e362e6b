import { describe, expect, it } from "vitest";
import { LOCALES, localeFromAcceptLanguage, resolveLocale, supportedLocale } from "./locales";
import { CATALOGS, pageMessages, translator } from "./translate";
import { pageLocale } from "./page-locale";
import { localeInput } from "./schemas";
import { localizedUrl } from "./links";
import { localizedCountries } from "./countries";

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

describe("a page's language", () => {
  it("takes ?locale=, then the checkout's or the customer's, then Accept-Language, then English", () => {
    expect(pageLocale({ query: "es", choices: ["de"], acceptLanguage: "fr" })).toBe("es");
    expect(pageLocale({ query: ["fr", "de"], choices: [null] })).toBe("fr");
    expect(pageLocale({ query: "klingon", choices: ["de-CH"], acceptLanguage: "fr" })).toBe("de");
    expect(pageLocale({ choices: [null, "es"], acceptLanguage: "fr" })).toBe("es");
    expect(pageLocale({ choices: ["pt-BR"], acceptLanguage: "pt-BR, fr;q=0.5" })).toBe("fr");
    expect(pageLocale({ acceptLanguage: "ja" })).toBe("en");
  });

  it("sends the page only its namespaces of one catalog", () => {
    const messages = pageMessages("de", ["common", "checkout"]);
    expect(Object.keys(messages)).toEqual(["common", "checkout"]);
    expect(messages.checkout.contactInformation).toBe("Kontaktdaten");
  });

  it("names countries in the language, in its order", () => {
    const countries = [
      ["DE", "Germany"],
      ["AT", "Austria"],
      ["ES", "Spain"],
    ] as const;
    expect(localizedCountries("en", countries)).toBe(countries);
    expect(localizedCountries("de", countries).map(([, name]) => name)).toEqual([
      "Deutschland",
      "Österreich",
      "Spanien",
    ]);
  });

  it("opens an emailed link in the buyer's language", () => {
    expect(localizedUrl("https://shop.test/portal/acme", "de-AT")).toBe(
      "https://shop.test/portal/acme?locale=de",
    );
    expect(localizedUrl("https://shop.test/p?x=1", "fr")).toBe("https://shop.test/p?x=1&locale=fr");
    expect(localizedUrl("https://shop.test/p", "pt")).toBe("https://shop.test/p");
    expect(localizedUrl("https://shop.test/p", null)).toBe("https://shop.test/p");
  });
});

describe("the locale field", () => {
  it("takes BCP 47-like tags up to 35 characters, nothing else", () => {
    for (const tag of ["de", "fr-CH", "es-419", "zh-Hant-TW", "en_GB", " de "])
      expect(localeInput.safeParse(tag).success, tag).toBe(true);
    for (const tag of [
      "",
      "d",
      "deutsch",
      "de-",
      "de--AT",
      "de AT",
      "de-abcdefghi",
      "x".repeat(36),
      "de\u0000",
    ])
      expect(localeInput.safeParse(tag).success, tag).toBe(false);
    expect(localeInput.parse(" fr-CA ")).toBe("fr-CA");
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
    expect(translator("en").date(day, { style: "medium" })).toBe("Mar 5, 2026");
    expect(translator("de").date(day, { style: "medium" })).toBe("05.03.2026");
    expect(translator("fr").number(1234.5).replace(/\s/g, " ")).toBe("1 234,5");
  });

  it("picks a count's form", () => {
    expect(translator("en").plural("checkout.trial_day", 1)).toBe("1 day");
    expect(translator("de").plural("checkout.trial_day", 14)).toBe("14 Tage");
    expect(translator("es").plural("checkout.trial_month", 3)).toBe("3 meses");
  });

  it("translates a key and fills its placeholders", () => {
    expect(translator("de").t("common.total")).toBe("Gesamt");
    expect(translator("fr").t("common.reverseCharge")).toBe("Autoliquidation");
  });
});
