// The translator of one locale over one catalog (docs/i18n.md), with no catalog of its own: the
// server's `translator(locale)` (./translate.ts) gives it the language's catalog, the hosted pages
// give it the part of the catalog the server sent with the page (components/i18n/), so a page's
// JavaScript carries no language's texts. Pure, no Node imports.
import { formatMoney } from "../money";
import type { Catalog, MessageKey } from "./catalog";
import { INTL_LOCALE, type Locale } from "./locales";

export type MessageVars = Record<string, string | number>;

/** A catalog or the namespaces of one a page needs ({ common, checkout }). */
export type Messages = Partial<Catalog>;

function lookup(catalog: Messages, key: string): string | undefined {
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

export type DateOptions = {
  /** With the time of day. */
  time?: boolean;
  /** UTC unless given. */
  timeZone?: string;
  /** "long" ("March 5, 2026", the default) or "medium" ("Mar 5, 2026"). */
  style?: "long" | "medium";
};

export type Translator = {
  locale: Locale;
  /** The Intl locale for numbers, money and dates ("de-DE"). */
  intl: string;
  t(key: MessageKey, vars?: MessageVars): string;
  /**
   * A count's text: `key_one` for 1, else `key_other` (the four languages need no other forms),
   * with {count} filled.
   */
  plural(key: string, count: number, vars?: MessageVars): string;
  /** Money in minor units in this locale: 4900 eur → "49,00 €" in German. */
  money(minor: number, currency: string): string;
  /** A date (and, with `time`, the time) in this locale; UTC unless a time zone is given. */
  date(value: Date | string, options?: DateOptions): string;
  /** A number in this locale: 1234.5 → "1.234,5" in German. */
  number(value: number): string;
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(intl: string, { time = false, timeZone = "UTC", style = "long" }: DateOptions) {
  const key = `${intl}|${time}|${timeZone}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intl, {
      dateStyle: style,
      ...(time ? { timeStyle: "short" } : {}),
      timeZone,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A translator for `locale` reading `messages`; a key it lacks reads as the key itself. */
export function makeTranslator(locale: Locale, messages: Messages): Translator {
  const intl = INTL_LOCALE[locale];
  const numbers = new Intl.NumberFormat(intl);
  const t = (key: string, vars?: MessageVars) => fill(lookup(messages, key) ?? key, vars);
  return {
    locale,
    intl,
    t,
    plural: (key, count, vars) => t(`${key}_${count === 1 ? "one" : "other"}`, { count, ...vars }),
    money: (minor, currency) => formatMoney(minor, currency, intl),
    date: (value, options = {}) => dateFormat(intl, options).format(new Date(value)),
    number: (value) => numbers.format(value),
  };
}
