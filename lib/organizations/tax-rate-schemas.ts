// An organization's tax rates: one per country, or per state or province of a country, in basis
// points of the subtotal (lib/checkout/amounts.ts `taxBasisPointsFor`: a state's rate wins over
// its country's). Set as a whole list (PUT), so the schema checks the list as a whole too.
import { z } from "zod";
import { dateTime } from "../core/schemas";
import { COUNTRIES } from "../core/countries";
import { SUBDIVISIONS } from "../core/subdivisions";

/** More than every country and every US state and Canadian province together. */
export const MAX_TAX_RATES = 400;

const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map(([code]) => code));

export const taxRateSchema = z.object({
  id: z.string(),
  created_at: dateTime,
  country: z.string(),
  state: z.string().nullable(),
  basis_points: z.number().int(),
});

export const taxRatesSchema = z.object({ tax_rates: z.array(taxRateSchema) });

const taxRateInput = z
  .object({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "Country should be a two-letter ISO 3166-1 code")
      .transform((code) => code.toUpperCase())
      .refine((code) => COUNTRY_CODES.has(code), "Unknown country code"),
    /** A subdivision code without the country (`CA` for California), or null for the country. */
    state: z
      .string()
      .regex(/^[A-Za-z0-9]{1,3}$/, "State should be a subdivision code of 1 to 3 letters or digits")
      .transform((code) => code.toUpperCase())
      .nullish()
      .transform((code) => code ?? null),
    basis_points: z.number().int().min(0).max(10_000),
  })
  .superRefine((rate, context) => {
    const subdivisions = SUBDIVISIONS[rate.country];
    if (rate.state && subdivisions && !subdivisions.choices.some(([code]) => code === rate.state)) {
      context.addIssue({
        code: "custom",
        path: ["state"],
        message: `Unknown ${subdivisions.label.toLowerCase()} of ${rate.country}`,
        input: rate.state,
      });
    }
  });

export const replaceTaxRatesBody = z.object({
  tax_rates: z
    .array(taxRateInput)
    .max(MAX_TAX_RATES)
    .superRefine((rates, context) => {
      const seen = new Set<string>();
      rates.forEach((rate, index) => {
        const key = `${rate.country}/${rate.state ?? ""}`;
        if (seen.has(key)) {
          context.addIssue({
            code: "custom",
            path: [index],
            message: rate.state
              ? `Duplicate rate for ${rate.country}, state ${rate.state}`
              : `Duplicate rate for ${rate.country}`,
            input: rate,
          });
        }
        seen.add(key);
      });
    }),
});
export type ReplaceTaxRatesBody = z.output<typeof replaceTaxRatesBody>;
