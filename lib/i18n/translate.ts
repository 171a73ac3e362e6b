// Messages and formatting in a buyer's language (docs/i18n.md). Pure, no Node imports: the hosted
// pages, emails, receipts and invoices all take a `Translator` for the locale chosen once per text.
import { formatMoney } from "../money";
import type { Catalog, MessageKey } from "./catalog";
import { INTL_LOCALE, type Locale } from "./locales";
import { de } from "./messages/de";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { fr } from "./messages/fr";

export const CATALOGS: Record<Locale, Catalog> = { en, de, fr, es };

export type MessageVars = Record<string, string | number>;

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** {name} placeholders filled from `vars`; one not given stays as written (a test catches it). */
export function fill(template: string, vars: MessageVars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export type Translator = {
  locale: Locale;
  /** The Intl locale for numbers, money and dates ("de-DE"). */
  intl: string;
  t(key: MessageKey, vars?: MessageVars): string;
  /** Money in minor units in this locale: 4900 eur → "49,00 €" in German. */
  money(minor: number, currency: string): string;
  /** A date (and, with `time`, the time) in this locale; UTC unless a time zone is given. */
  date(value: Date | string, options?: { time?: boolean; timeZone?: string }): string;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(intl: string, time: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${intl}|${time}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, {
      dateStyle: "long",
      ...(time ? { timeStyle: "short" } : {}),
      timeZone,
    });
    dateFormats.set(key, format);
  }
  return format;
}

export function translator(locale: Locale): Translator {
  const catalog = CATALOGS[locale];
  const intl = INTL_LOCALE[locale];
  return {
    locale,
    intl,
    t: (key, vars) => fill(lookup(catalog, key) ?? lookup(en, key) ?? key, vars),
    money: (minor, currency) => formatMoney(minor, currency, intl),
    date: (value, options = {}) =>
      dateFormat(intl, options.time ?? false, options.timeZone ?? "UTC").format(new Date(value)),
  };
}
