// The checkout's currency as its bodies take it (docs/currencies.md). Pure, no Node imports:
// lib/checkout/schemas.ts, which the hosted page loads after its first paint, uses it.
import { z } from "zod";

/** A currency a body names: three letters, any case, stored lower case; null leaves it. */
export const checkoutCurrency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "Currency should be a three-letter ISO 4217 code")
  .transform((value) => value.toLowerCase())
  .nullish();
