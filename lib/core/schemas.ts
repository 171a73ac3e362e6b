// Schema pieces shared by several resources.
import { z } from "zod";
import { dateTime } from "./validation";

export { dateTime };

export const addressSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** Address as clients send it: every part optional but the country (ISO 3166-1 alpha-2). */
export const addressInput = z.object({
  line1: z.string().max(255).nullish(),
  line2: z.string().max(255).nullish(),
  postal_code: z.string().max(32).nullish(),
  city: z.string().max(255).nullish(),
  state: z.string().max(64).nullish(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "Country should be a two-letter ISO 3166-1 code")
    .transform((c) => c.toUpperCase()),
});

/** A stored address (JSON column) as the API shows it: every key present. */
export function toAddress(value: unknown): Address | null {
  if (!value || typeof value !== "object") return null;
  const a = value as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    line1: str(a.line1),
    line2: str(a.line2),
    postal_code: str(a.postal_code),
    city: str(a.city),
    state: str(a.state),
    country: String(a.country ?? ""),
  };
}

export const timestamps = { created_at: dateTime, modified_at: dateTime.nullable() };

/** A free trial's unit, as the current reference API names it (docs/subscriptions.md "Trials"). */
export const trialIntervalSchema = z.enum(["day", "week", "month", "year"]);

/** The most units a trial may last (1,000 days is under three years). */
export const MAX_TRIAL_COUNT = 1000;

/** How many units a trial lasts. */
export const trialCountSchema = z.number().int().min(1).max(MAX_TRIAL_COUNT);

/**
 * How tax relates to a price (docs/tax.md "Tax-inclusive prices"): added on top (`exclusive`),
 * taken out of it (`inclusive`), or by the buyer's country (`location`).
 */
export const taxBehaviorSchema = z.enum(["location", "inclusive", "exclusive"]);

export const jsonObject = z.record(z.string(), z.unknown());

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    pagination: z.object({ total_count: z.number().int(), max_page: z.number().int() }),
  });
}
