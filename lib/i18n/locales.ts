// The buyer's language (docs/i18n.md): the locales every buyer-facing text exists in, and how a
// request's locale is chosen: the one set on the checkout or the customer, else the browser's
// Accept-Language, else English. Pure, no Node imports: the hosted pages use it too.

export const LOCALES = ["en", "de", "fr", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The Intl locale each language formats numbers, money and dates with. */
export const INTL_LOCALE: Record<Locale, string> = {
  en: "en-US",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
};

/** Each language's name in itself, for a language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
};

/** The longest locale tag accepted as input (BCP 47 tags such as "de-CH" or "es-419"). */
export const LOCALE_MAX_LENGTH = 35;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A language tag's supported language ("de-AT" → "de", "FR" → "fr"), or null when not offered. */
export function supportedLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * The best supported language of an Accept-Language header, by its q-values (ties in the header's
 * order); null when it names none. Bounded: only the first 20 entries are read.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const entries = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { locale: supportedLocale(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.locale !== null && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return entries[0]?.locale ?? null;
}

/**
 * The locale of a buyer-facing text: the first of the given choices (the checkout's, the
 * customer's) that is supported, else the browser's Accept-Language, else English.
 */
export function resolveLocale(
  choices: readonly (string | null | undefined)[],
  acceptLanguage?: string | null,
): Locale {
  for (const choice of choices) {
    const locale = supportedLocale(choice);
    if (locale) return locale;
  }
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
