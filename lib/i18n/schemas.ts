// The `locale` field of checkouts and customers (docs/i18n.md): a BCP 47-like tag ("de", "fr-CH",
// "es-419", "zh-Hant-TW"), stored as given; a language not offered keeps its tag but reads in English.
import { z } from "zod";
import { LOCALE_MAX_LENGTH } from "./locales";

/** A language of 2–3 letters, then subtags of 1–8 letters or digits, joined by "-" (or "_"). */
const LOCALE_TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;

export const localeInput = z
  .string()
  .trim()
  .max(LOCALE_MAX_LENGTH)
  .regex(LOCALE_TAG, 'Locale should be a language tag such as "de" or "fr-CH"');

export const localeOutput = z
  .string()
  .nullable()
  .describe(
    "The buyer's language as given (a BCP 47 tag such as \"de\"); null: the browser's, else English.",
  );
