// Links in a buyer's emails that open a hosted page (the customer portal) in their language
// (docs/i18n.md): `?locale=` when the buyer has one of the offered languages.
import { supportedLocale } from "./locales";

export function localizedUrl(url: string, locale: string | null | undefined): string {
  const language = supportedLocale(locale);
  if (!language) return url;
  return `${url}${url.includes("?") ? "&" : "?"}locale=${language}`;
}
