// Messages and formatting in a buyer's language (docs/i18n.md), on the server: emails, receipts
// and invoices take `translator(locale)` for the locale chosen once per text. The hosted pages'
// browsers get only their namespaces of one catalog (`pageMessages`), never this module's four.
import type { Catalog } from "./catalog";
import type { Locale } from "./locales";
import { de } from "./messages/de";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { fr } from "./messages/fr";
import { makeTranslator, type Translator } from "./translator";

export { fill, makeTranslator, type MessageVars, type Translator } from "./translator";

export const CATALOGS: Record<Locale, Catalog> = { en, de, fr, es };

const translators = new Map<Locale, Translator>();

export function translator(locale: Locale): Translator {
  let made = translators.get(locale);
  if (!made) {
    made = makeTranslator(locale, CATALOGS[locale]);
    translators.set(locale, made);
  }
  return made;
}

/** The namespaces of a locale's catalog a page needs, sent with the page to its browser. */
export function pageMessages<K extends keyof Catalog>(
  locale: Locale,
  namespaces: readonly K[],
): Pick<Catalog, K> {
  const catalog = CATALOGS[locale];
  return Object.fromEntries(namespaces.map((ns) => [ns, catalog[ns]])) as Pick<Catalog, K>;
}
