// The currencies a price, a checkout or an organization's default may be in: the reference API's
// presentment currencies (its PresentmentCurrency, 2026-10), lower-case ISO 4217 codes. Pure, no
// Node imports: the dashboard's forms and the hosted checkout use it too. docs/currencies.md.
import { z } from "zod";

export const PRESENTMENT_CURRENCIES =
  "aed all amd aoa ars aud awg azn bam bbd bdt bif bmd bnd bob brl bsd bwp bzd cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils inr isk jmd jpy kes kgs khr kmf krw kyd kzt lak lkr lrd lsl mad mdl mga mkd mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln pyg qar ron rsd rwf sar sbd scr sek sgd shp sos srd szl thb tjs top try ttd twd tzs uah ugx usd uyu uzs vnd vuv wst xaf xcd xcg xof xpf yer zar zmw".split(
    " ",
  );

const KNOWN = new Set(PRESENTMENT_CURRENCIES);

export function isPresentmentCurrency(code: string): boolean {
  return KNOWN.has(code);
}

/** A presentment currency as a client sends it: any case in, lower case out. */
export const presentmentCurrency = z
  .string()
  .max(3, { abort: true })
  .transform((value) => value.toLowerCase())
  .refine(isPresentmentCurrency, "Currency should be a presentment currency (lower-case ISO 4217, e.g. usd)");

/** ISO 3166-1 alpha-2, as billing addresses hold it (upper case). */
export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "Country should be an ISO 3166-1 alpha-2 code")
  .transform((value) => value.toUpperCase());
