// The hosted pages' language (docs/i18n.md): `?locale=` on the page's URL (a buyer's own choice),
// then the checkout's and the customer's, then the browser's Accept-Language, then English. Pure.
import { resolveLocale, type Locale } from "./locales";

export function pageLocale(input: {
  /** `?locale=` of the page's URL: the first value when repeated. */
  query?: string | string[] | null;
  /** The checkout's `locale`, then the customer's. */
  choices?: readonly (string | null | undefined)[];
  acceptLanguage?: string | null;
}): Locale {
  const query = Array.isArray(input.query) ? input.query[0] : input.query;
  // A tag in the query is read only for its language, at most a few characters of it.
  return resolveLocale([query?.slice(0, 35), ...(input.choices ?? [])], input.acceptLanguage);
}
