// Country names in the buyer's language (docs/i18n.md), for the hosted page's country list: the
// runtime's own names (Intl.DisplayNames) where it has one, else the list's English name, sorted
// in the language's order. Done on the server: the page receives the list as data.
import type { Locale } from "./locales";
import { INTL_LOCALE } from "./locales";

type Choice = readonly [code: string, name: string];

const cache = new Map<Locale, readonly Choice[]>();

export function localizedCountries(locale: Locale, countries: readonly Choice[]): readonly Choice[] {
  if (locale === "en") return countries;
  const known = cache.get(locale);
  if (known && known.length === countries.length) return known;
  const intl = INTL_LOCALE[locale];
  const names = new Intl.DisplayNames([intl], { type: "region", fallback: "none" });
  const collator = new Intl.Collator(intl);
  const localized = countries
    .map(([code, name]): Choice => [code, names.of(code) ?? name])
    .sort((a, b) => collator.compare(a[1], b[1]));
  cache.set(locale, localized);
  return localized;
}
