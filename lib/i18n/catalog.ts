// The shape of a message catalog: English's keys, each a string (its own words per language).
import type { en } from "./messages/en";

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every catalog has exactly English's keys (the compiler checks it; the test checks placeholders). */
export type Catalog = Widen<typeof en>;

type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message's dotted key: "common.total", "checkout.pay". */
export type MessageKey = Paths<Catalog>;
